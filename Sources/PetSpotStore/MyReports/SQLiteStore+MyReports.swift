import Foundation
import PetSpotDomain
import SQLiteNIO

/// "My reports" on SQLite: reads on a reader, changes on the writer.
extension SQLiteStore {
    /// `column` holds `email`, case aside. SQLite's `lower()` folds ASCII letters only, so an address with
    /// others ("ŁUCJA.ŻAK@…", found by a backend audit) is compared by `petspot_lower` (Swift's, as
    /// PostgreSQL's `lower()` folds), without the index: such addresses are rare. Any other uses the index.
    static func sameAddress(_ column: String, as email: String) -> String {
        email.unicodeScalars.allSatisfy(\.isASCII) ? "lower(\(column)) = ?" : "petspot_lower(\(column)) = ?"
    }

    public func reports(withEmail email: String, limit: Int) async throws -> [Announcement] {
        try await read(
            """
            SELECT * FROM announcement WHERE \(Self.sameAddress("email", as: email)) AND email IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT \(max(1, limit))
            """, [.text(email.lowercased())]
        ).map(Self.announcement(from:))
    }

    public func watches(withEmail email: String) async throws -> [SightingWatch] {
        try await read(
            """
            SELECT id, announcement_id, seen_at FROM sighting WHERE \(Self.sameAddress("watcher_email", as: email)) AND watcher_email IS NOT NULL
            ORDER BY seen_at DESC, id
            """, [.text(email.lowercased())]
        ).map { row in
            SightingWatch(
                sightingID: row.column("id")?.string ?? "", reportID: AnnouncementID(row.column("announcement_id")?.string ?? ""),
                seenAt: Date(timeIntervalSince1970: row.column("seen_at")?.double ?? 0))
        }
    }

    public func subscriptions(withEmail email: String) async throws -> [AlertSubscription] {
        try await read(
            "SELECT \(AlertSchema.columns) FROM alert_subscription WHERE \(Self.sameAddress("email", as: email)) ORDER BY created_at DESC, id",
            [.text(email.lowercased())]
        ).map(Self.subscription(from:))
    }

    public func forgetWatch(_ sightingID: String, email: String) async throws -> Bool {
        try await transaction { connection in
            try await !self.rows(
                """
                UPDATE sighting SET watcher_email = NULL, watcher_language = NULL WHERE id = ? AND \(Self.sameAddress("watcher_email", as: email)) RETURNING id
                """, [.text(sightingID), .text(email.lowercased())], on: connection
            ).isEmpty
        }
    }

    public func replacePasswordHash(of id: AnnouncementID, with hash: String, outbox: [OutboxEntry]) async throws {
        try await transaction { connection in
            guard
                try await !self.rows(
                    "UPDATE announcement SET management_password_hash = ? WHERE id = ? RETURNING id",
                    [.text(hash), .text(id.rawValue)], on: connection
                ).isEmpty
            else { throw StoreError.notFound }
            try await Self.enqueue(outbox, on: connection)
        }
    }

    public func addEmail(_ email: String, to id: AnnouncementID) async throws -> Bool {
        try await transaction { connection in
            guard let row = try await self.rows("SELECT email FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first else {
                throw StoreError.notFound
            }
            guard row.column("email")?.string == nil else { return false }
            try await connection.query("UPDATE announcement SET email = ? WHERE id = ?", [.text(email), .text(id.rawValue)]) { _ in }
            return true
        }
    }

    public func createLink(nonce: String, email: String, expiresAt: Date) async throws {
        try await write { connection in
            try await connection.query("DELETE FROM my_reports_link WHERE expires_at < ?", [.float(Date().timeIntervalSince1970 - 86_400)]) { _ in }
            try await connection.query(
                "INSERT INTO my_reports_link (nonce, email, expires_at) VALUES (?, ?, ?)",
                [.text(nonce), .text(email), .float(expiresAt.timeIntervalSince1970)]
            ) { _ in }
        }
    }

    public func redeemLink(nonce: String, at: Date) async throws -> String? {
        try await transaction { connection in
            try await self.rows(
                """
                UPDATE my_reports_link SET used_at = ? WHERE nonce = ? AND used_at IS NULL AND expires_at > ? RETURNING email
                """, [.float(at.timeIntervalSince1970), .text(nonce), .float(at.timeIntervalSince1970)], on: connection
            )
            .first?.column("email")?.string
        }
    }
}
