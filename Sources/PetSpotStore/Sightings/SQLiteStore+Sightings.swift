import Foundation
import PetSpotDomain
import SQLiteNIO

/// Sightings on SQLite; every change on the single writer, in a transaction.
extension SQLiteStore {
    public func addSighting(_ sighting: Sighting, photoFile: String?, watcher: SightingWatcher?, noticeGap: TimeInterval) async throws {
        let report = sighting.reportID.rawValue
        try await transaction { connection in
            let found = try await self.rows("SELECT email FROM announcement WHERE id = ?", [.text(report)], on: connection)
            guard let row = found.first else { throw StoreError.notFound }
            try await connection.query(
                """
                INSERT INTO sighting (id, announcement_id, seen_at, latitude, longitude, note, photo_url, photo_file,
                                      watcher_email, watcher_language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(sighting.id), .text(report), .float(sighting.seenAt.timeIntervalSince1970), .float(sighting.location.latitude),
                    .float(sighting.location.longitude), sighting.note.sqlite, sighting.photoURL.sqlite, photoFile.sqlite,
                    (watcher?.email).sqlite, (watcher?.language).sqlite,
                    .float(sighting.createdAt.timeIntervalSince1970),
                ]
            ) { _ in }
            guard row.column("email")?.string != nil else { return }
            try await Self.queueNoticeIfNone(report, at: sighting.createdAt, gap: noticeGap, on: connection, store: self)
        }
    }

    /// Queues the owner's notice unless one waits already (writes are serialised: the check holds).
    static func queueNoticeIfNone(
        _ report: String, at now: Date, gap: TimeInterval, on connection: SQLiteConnection,
        store: SQLiteStore
    ) async throws {
        let waiting = try await store.rows(
            "SELECT 1 FROM outbox WHERE kind = ? AND payload = ? AND state = 'pending'",
            [.text(OutboxEntry.Kind.sightingNotice.rawValue), .text(report)], on: connection)
        guard waiting.isEmpty else { return }
        let last = try await store.rows(
            "SELECT MAX(notified_at) AS last FROM sighting WHERE announcement_id = ?", [.text(report)],
            on: connection
        ).first?.column("last")?.double
        try await enqueue([SightingSchema.notice(for: AnnouncementID(report), at: now, lastNotified: last, gap: gap)], on: connection)
    }

    public func sightings(of id: AnnouncementID, includeHidden: Bool) async throws -> [Sighting] {
        try await read(
            """
            SELECT \(SightingSchema.columns) FROM sighting WHERE announcement_id = ?\(includeHidden ? "" : " AND hidden = 0")
            ORDER BY seen_at DESC, id DESC
            """, [.text(id.rawValue)]
        ).map(Self.sighting(from:))
    }

    public func setSightingHidden(_ sightingID: String, of id: AnnouncementID, hidden: Bool) async throws {
        let changed = try await transaction { connection in
            try await self.rows(
                "UPDATE sighting SET hidden = ? WHERE id = ? AND announcement_id = ? AND moderation IS NULL RETURNING id",
                [.integer(hidden ? 1 : 0), .text(sightingID), .text(id.rawValue)], on: connection)
        }
        guard !changed.isEmpty else { throw StoreError.notFound }
    }

    public func sightingPhotoFile(_ sightingID: String, url: String, includeHidden: Bool) async throws -> String? {
        try await read(
            """
            SELECT s.photo_file FROM sighting s JOIN announcement a ON a.id = s.announcement_id
            WHERE s.id = ? AND s.photo_url = ? AND ((s.hidden = 0 AND a.moderation IS NULL) OR ?)
            """,
            [.text(sightingID), .text(url), .integer(includeHidden ? 1 : 0)]
        )
        .first?.column("photo_file")?.string
    }

    public func sightingsToNotify(of id: AnnouncementID) async throws -> [Sighting] {
        try await read(
            """
            SELECT \(SightingSchema.columns) FROM sighting WHERE announcement_id = ? AND hidden = 0 AND notified_at IS NULL
            ORDER BY seen_at, id
            """, [.text(id.rawValue)]
        ).map(Self.sighting(from:))
    }

    public func completeSightingNotice(
        _ entryID: String, report: AnnouncementID, told: [String], mail: OutboxEntry?, at: Date,
        noticeGap: TimeInterval
    ) async throws -> Bool {
        try await transaction { connection in
            guard try await self.markOutboxDone(entryID, at: at, on: connection) else { return false }
            for id in told {
                try await connection.query(
                    "UPDATE sighting SET notified_at = ? WHERE id = ? AND announcement_id = ?",
                    [.float(at.timeIntervalSince1970), .text(id), .text(report.rawValue)]
                ) { _ in }
            }
            if let mail { try await Self.enqueue([mail], on: connection) }
            let untold = try await self.rows(
                "SELECT 1 FROM sighting WHERE announcement_id = ? AND hidden = 0 AND notified_at IS NULL LIMIT 1",
                [.text(report.rawValue)], on: connection)
            if !untold.isEmpty { try await Self.queueNoticeIfNone(report.rawValue, at: at, gap: noticeGap, on: connection, store: self) }
            return true
        }
    }

    public func takeSightingWatchers(of id: AnnouncementID, mails: @Sendable ([SightingWatcher]) throws -> [OutboxEntry]) async throws {
        try await transaction { connection in
            let rows = try await self.rows(
                "SELECT watcher_email, watcher_language FROM sighting WHERE announcement_id = ? AND watcher_email IS NOT NULL",
                [.text(id.rawValue)], on: connection)
            try await connection.query(
                "UPDATE sighting SET watcher_email = NULL, watcher_language = NULL WHERE announcement_id = ?",
                [.text(id.rawValue)]
            ) { _ in }
            let watchers = rows.compactMap { row in
                row.column("watcher_email")?.string.map { SightingWatcher(email: $0, language: row.column("watcher_language")?.string ?? "en") }
            }
            guard !watchers.isEmpty else { return }
            try await Self.enqueue(try mails(watchers), on: connection)
        }
    }

    static func sighting(from row: some SQLiteColumns) -> Sighting {
        func time(_ name: String) -> Date { Date(timeIntervalSince1970: row.column(name)?.double ?? 0) }
        return Sighting(
            id: row.column("id")?.string ?? "", reportID: AnnouncementID(row.column("announcement_id")?.string ?? ""),
            seenAt: time("seen_at"),
            location: Coordinate(latitude: row.column("latitude")?.double ?? 0, longitude: row.column("longitude")?.double ?? 0),
            note: row.column("note")?.string, photoURL: row.column("photo_url")?.string,
            hidden: row.column("hidden")?.integer == 1, createdAt: time("created_at"))
    }
}
