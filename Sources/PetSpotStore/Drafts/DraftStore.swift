import Foundation

/// A report form in progress, as the web keeps it between requests: an opaque payload and when it
/// was last written.
public struct DraftRecord: Sendable, Equatable {
    public var key: String
    public var payload: Data
    public var updatedAt: Date

    public init(key: String, payload: Data, updatedAt: Date) {
        self.key = key
        self.payload = payload
        self.updatedAt = updatedAt
    }
}

/// Where report drafts live, shared by every server instance that uses the same storage.
public protocol DraftStore: Sendable {
    /// The draft under `key` if it was written at or after `updatedSince`; older drafts count as gone.
    func draft(_ key: String, updatedSince: Date) async throws -> DraftRecord?
    /// Creates or replaces the draft under its key.
    func saveDraft(_ record: DraftRecord) async throws
    func deleteDraft(_ key: String) async throws
    /// Removes every draft last written before `before` and returns their keys.
    func deleteDrafts(updatedBefore before: Date) async throws -> [String]
}
