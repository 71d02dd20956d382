import Foundation
import PetSpotDomain
import PostgresNIO

/// "My reports" on PostgreSQL; a link is spent by one conditional UPDATE, so two uses at once on two
/// instances get the address once.
extension PostgresStore {
    public func reports(withEmail email: String, limit: Int) async throws -> [Announcement] {
        try await rows(
            """
            SELECT * FROM announcement WHERE lower(email) = \(email.lowercased()) AND email IS NOT NULL
            ORDER BY created_at DESC, id DESC LIMIT \(max(1, limit))
            """
        ).map(Self.announcement(from:))
    }

    public func watches(withEmail email: String) async throws -> [SightingWatch] {
        try await rows(
            """
            SELECT id, announcement_id, seen_at FROM sighting WHERE lower(watcher_email) = \(email.lowercased()) AND watcher_email IS NOT NULL
            ORDER BY seen_at DESC, id
            """
        ).map { row in
            let (id, report, seen) = try row.decode((String, String, Double).self)
            return SightingWatch(sightingID: id, reportID: AnnouncementID(report), seenAt: Date(timeIntervalSince1970: seen))
        }
    }

    public func subscriptions(withEmail email: String) async throws -> [AlertSubscription] {
        try await rows(
            """
            SELECT \(unescaped: AlertSchema.columns) FROM alert_subscription WHERE lower(email) = \(email.lowercased()) ORDER BY created_at DESC, id
            """
        ).map(Self.subscription(from:))
    }

    public func forgetWatch(_ sightingID: String, email: String) async throws -> Bool {
        try await !rows(
            """
            UPDATE sighting SET watcher_email = NULL, watcher_language = NULL
            WHERE id = \(sightingID) AND lower(watcher_email) = \(email.lowercased()) RETURNING id
            """
        ).isEmpty
    }

    public func replacePasswordHash(of id: AnnouncementID, with hash: String, outbox: [OutboxEntry]) async throws {
        try await transaction { connection in
            guard
                try await !connection.query(
                    "UPDATE announcement SET management_password_hash = \(hash) WHERE id = \(id.rawValue) RETURNING id",
                    logger: logger
                ).collect().isEmpty
            else { throw StoreError.notFound }
            try await Self.enqueue(outbox, on: connection, logger: logger)
        }
    }

    public func addEmail(_ email: String, to id: AnnouncementID) async throws -> Bool {
        try await transaction { connection in
            guard
                let row = try await connection.query("SELECT email FROM announcement WHERE id = \(id.rawValue) FOR UPDATE", logger: logger)
                    .collect().first
            else { throw StoreError.notFound }
            guard try row.decode(String?.self) == nil else { return false }
            try await connection.query("UPDATE announcement SET email = \(email) WHERE id = \(id.rawValue)", logger: logger)
            return true
        }
    }

    public func createLink(nonce: String, email: String, expiresAt: Date) async throws {
        _ = try await rows("DELETE FROM my_reports_link WHERE expires_at < \(Date().timeIntervalSince1970 - 86_400)")
        _ = try await rows("INSERT INTO my_reports_link (nonce, email, expires_at) VALUES (\(nonce), \(email), \(expiresAt.timeIntervalSince1970))")
    }

    public func redeemLink(nonce: String, at: Date) async throws -> String? {
        let time = at.timeIntervalSince1970
        return try await rows(
            """
            UPDATE my_reports_link SET used_at = \(time) WHERE nonce = \(nonce) AND used_at IS NULL AND expires_at > \(time) RETURNING email
            """
        ).first?.decode(String.self)
    }
}
