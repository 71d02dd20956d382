import Foundation
import PetSpotDomain
import PostgresNIO

/// Sightings on PostgreSQL. A change locks its report's row first, so that two sightings added at once
/// on two instances still queue one owner notice.
extension PostgresStore {
    public func addSighting(_ sighting: Sighting, photoFile: String?, watcher: SightingWatcher?, noticeGap: TimeInterval) async throws {
        let report = sighting.reportID.rawValue
        try await transaction { connection in
            let found = try await connection.query("SELECT email FROM announcement WHERE id = \(report) FOR UPDATE", logger: logger).collect()
            guard let row = found.first else { throw StoreError.notFound }
            try await connection.query(
                """
                INSERT INTO sighting (id, announcement_id, seen_at, latitude, longitude, note, photo_url, photo_file,
                                      watcher_email, watcher_language, created_at)
                VALUES (\(sighting.id), \(report), \(sighting.seenAt.timeIntervalSince1970), \(sighting.location.latitude),
                        \(sighting.location.longitude), \(sighting.note), \(sighting.photoURL), \(photoFile), \(watcher?.email),
                        \(watcher?.language), \(sighting.createdAt.timeIntervalSince1970))
                """, logger: logger)
            guard try row.decode(String?.self) != nil else { return }
            try await queueNoticeIfNone(report, at: sighting.createdAt, gap: noticeGap, on: connection)
        }
    }

    /// Queues the owner's notice unless one waits already (the caller holds the report's row lock).
    func queueNoticeIfNone(_ report: String, at now: Date, gap: TimeInterval, on connection: PostgresConnection) async throws {
        let waiting = try await connection.query(
            """
            SELECT 1 FROM outbox WHERE kind = \(OutboxEntry.Kind.sightingNotice.rawValue) AND payload = \(report) AND state = 'pending'
            """, logger: logger
        ).collect()
        guard waiting.isEmpty else { return }
        let last =
            try await connection.query("SELECT MAX(notified_at) FROM sighting WHERE announcement_id = \(report)", logger: logger)
            .collect().first?.decode(Double?.self) ?? nil
        try await Self.enqueue(
            [SightingSchema.notice(for: AnnouncementID(report), at: now, lastNotified: last, gap: gap)],
            on: connection, logger: logger)
    }

    public func sightings(of id: AnnouncementID, includeHidden: Bool) async throws -> [Sighting] {
        let rows =
            includeHidden
            ? try await rows("SELECT \(unescaped: SightingSchema.columns) FROM sighting WHERE announcement_id = \(id.rawValue) ORDER BY seen_at DESC, id DESC")
            : try await rows(
                """
                SELECT \(unescaped: SightingSchema.columns) FROM sighting WHERE announcement_id = \(id.rawValue) AND NOT hidden
                ORDER BY seen_at DESC, id DESC
                """)
        return try rows.map(Self.sighting(from:))
    }

    public func setSightingHidden(_ sightingID: String, of id: AnnouncementID, hidden: Bool) async throws {
        let changed = try await rows(
            "UPDATE sighting SET hidden = \(hidden) WHERE id = \(sightingID) AND announcement_id = \(id.rawValue) AND moderation IS NULL RETURNING id")
        guard !changed.isEmpty else { throw StoreError.notFound }
    }

    public func sightingPhotoFile(_ sightingID: String, url: String, includeHidden: Bool) async throws -> String? {
        try await rows(
            """
            SELECT s.photo_file FROM sighting s JOIN announcement a ON a.id = s.announcement_id
            WHERE s.id = \(sightingID) AND s.photo_url = \(url) AND ((NOT s.hidden AND a.moderation IS NULL) OR \(includeHidden))
            """
        )
        .first?.decode(String?.self) ?? nil
    }

    public func sightingsToNotify(of id: AnnouncementID) async throws -> [Sighting] {
        try await rows(
            """
            SELECT \(unescaped: SightingSchema.columns) FROM sighting
            WHERE announcement_id = \(id.rawValue) AND NOT hidden AND notified_at IS NULL ORDER BY seen_at, id
            """
        ).map(Self.sighting(from:))
    }

    public func completeSightingNotice(
        _ entryID: String, report: AnnouncementID, told: [String], mail: OutboxEntry?, at: Date,
        noticeGap: TimeInterval
    ) async throws -> Bool {
        let time = at.timeIntervalSince1970
        return try await transaction { connection in
            _ = try await connection.query("SELECT 1 FROM announcement WHERE id = \(report.rawValue) FOR UPDATE", logger: logger).collect()
            guard try await self.markOutboxDone(entryID, at: time, on: connection) else { return false }
            try await connection.query(
                """
                UPDATE sighting SET notified_at = \(time) WHERE announcement_id = \(report.rawValue) AND id = ANY(\(told))
                """, logger: logger)
            if let mail { try await Self.enqueue([mail], on: connection, logger: logger) }
            let untold = try await connection.query(
                """
                SELECT 1 FROM sighting WHERE announcement_id = \(report.rawValue) AND NOT hidden AND notified_at IS NULL LIMIT 1
                """, logger: logger
            ).collect()
            if !untold.isEmpty { try await queueNoticeIfNone(report.rawValue, at: at, gap: noticeGap, on: connection) }
            return true
        }
    }

    public func takeSightingWatchers(of id: AnnouncementID, mails: @Sendable ([SightingWatcher]) throws -> [OutboxEntry]) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                WITH taken AS (SELECT id, watcher_email, watcher_language FROM sighting
                               WHERE announcement_id = \(id.rawValue) AND watcher_email IS NOT NULL FOR UPDATE),
                     cleared AS (UPDATE sighting s SET watcher_email = NULL, watcher_language = NULL FROM taken WHERE s.id = taken.id)
                SELECT watcher_email, watcher_language FROM taken
                """, logger: logger
            ).collect()
            let watchers = try rows.map { row in
                let (email, language) = try row.decode((String, String?).self)
                return SightingWatcher(email: email, language: language ?? "en")
            }
            guard !watchers.isEmpty else { return }
            try await Self.enqueue(try mails(watchers), on: connection, logger: logger)
        }
    }

    static func sighting(from row: PostgresRow) throws -> Sighting {
        let (id, report, seen, lat, lng, note, photo, hidden, created) = try row.decode(
            (String, String, Double, Double, Double, String?, String?, Bool, Double).self)
        return Sighting(
            id: id, reportID: AnnouncementID(report), seenAt: Date(timeIntervalSince1970: seen),
            location: Coordinate(latitude: lat, longitude: lng), note: note, photoURL: photo, hidden: hidden,
            createdAt: Date(timeIntervalSince1970: created))
    }
}
