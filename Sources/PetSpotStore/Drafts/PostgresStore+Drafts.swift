import Foundation
import PostgresNIO

/// Drafts in the `web_draft` table, so every instance on the same database sees them.
extension PostgresStore: DraftStore {
    public func draft(_ key: String, updatedSince: Date) async throws -> DraftRecord? {
        let found = try await rows(
            """
            SELECT payload, updated_at FROM web_draft WHERE key = \(key) AND updated_at >= \(updatedSince.timeIntervalSince1970)
            """)
        guard let row = found.first else { return nil }
        let (payload, seconds) = try row.decode((ByteBuffer, Double).self)
        return DraftRecord(key: key, payload: Data(payload.readableBytesView), updatedAt: Date(timeIntervalSince1970: seconds))
    }

    public func saveDraft(_ record: DraftRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO web_draft (key, payload, updated_at)
            VALUES (\(record.key), \(ByteBuffer(bytes: Array(record.payload))), \(record.updatedAt.timeIntervalSince1970))
            ON CONFLICT (key) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
            """)
    }

    public func deleteDraft(_ key: String) async throws {
        _ = try await rows("DELETE FROM web_draft WHERE key = \(key)")
    }

    public func deleteDrafts(updatedBefore before: Date) async throws -> [String] {
        try await rows("DELETE FROM web_draft WHERE updated_at < \(before.timeIntervalSince1970) RETURNING key")
            .map { try $0.decode(String.self) }
            .sorted()
    }
}
