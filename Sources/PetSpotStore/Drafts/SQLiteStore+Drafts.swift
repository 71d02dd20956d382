import Foundation
import SQLiteNIO

/// Drafts in the `web_draft` table, so every instance on the same database file sees them.
extension SQLiteStore: DraftStore {
    public func draft(_ key: String, updatedSince: Date) async throws -> DraftRecord? {
        let found = try await read(
            "SELECT payload, updated_at FROM web_draft WHERE key = ? AND updated_at >= ?",
            [.text(key), .float(updatedSince.timeIntervalSince1970)])
        guard let row = found.first, let blob = row.column("payload")?.blob,
            let seconds = row.column("updated_at")?.double
        else { return nil }
        return DraftRecord(key: key, payload: Data(blob.readableBytesView), updatedAt: Date(timeIntervalSince1970: seconds))
    }

    public func saveDraft(_ record: DraftRecord) async throws {
        try await write { connection in
            try await connection.query(
                "INSERT OR REPLACE INTO web_draft (key, payload, updated_at) VALUES (?, ?, ?)",
                [
                    .text(record.key), .blob(ByteBuffer(bytes: Array(record.payload))),
                    .float(record.updatedAt.timeIntervalSince1970),
                ]
            ) { _ in }
        }
    }

    public func deleteDraft(_ key: String) async throws {
        try await write { connection in
            try await connection.query("DELETE FROM web_draft WHERE key = ?", [.text(key)]) { _ in }
        }
    }

    public func deleteDrafts(updatedBefore before: Date) async throws -> [String] {
        try await transaction { connection in
            let old = try await self.rows(
                "SELECT key FROM web_draft WHERE updated_at < ? ORDER BY key",
                [.float(before.timeIntervalSince1970)], on: connection)
            try await connection.query("DELETE FROM web_draft WHERE updated_at < ?", [.float(before.timeIntervalSince1970)]) { _ in }
            return old.compactMap { $0.column("key")?.string }
        }
    }
}
