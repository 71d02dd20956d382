import Foundation

/// The in-memory twin of the draft store, for tests and single-process use.
public actor InMemoryDraftStore: DraftStore {
    private var records: [String: DraftRecord] = [:]

    public init() {}

    public func draft(_ key: String, updatedSince: Date) -> DraftRecord? {
        guard let record = records[key], record.updatedAt >= updatedSince else { return nil }
        return record
    }

    public func saveDraft(_ record: DraftRecord) { records[record.key] = record }

    public func deleteDraft(_ key: String) { records[key] = nil }

    public func deleteDrafts(updatedBefore before: Date) -> [String] {
        let old = records.values.filter { $0.updatedAt < before }.map(\.key)
        for key in old { records[key] = nil }
        return old.sorted()
    }
}
