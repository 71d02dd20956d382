import Foundation
import PetSpotDomain
import PostgresNIO

/// The outbox and matched pairs on PostgreSQL. Claims skip rows another instance holds locked, so
/// any number of servers can drain one outbox.
extension PostgresStore {
    public func enqueueOutbox(_ entries: [OutboxEntry]) async throws {
        try await transaction { connection in try await Self.enqueue(entries, on: connection, logger: logger) }
    }

    static func enqueue(_ entries: [OutboxEntry], on connection: PostgresConnection, logger: Logger) async throws {
        for entry in entries {
            let time = entry.createdAt.timeIntervalSince1970, due = (entry.availableAt ?? entry.createdAt).timeIntervalSince1970
            try await connection.query(
                """
                INSERT INTO outbox (id, kind, payload, created_at, available_at)
                VALUES (\(entry.id), \(entry.kind.rawValue), \(entry.payload), \(time), \(due))
                """, logger: logger)
        }
    }

    public func claimOutbox(now: Date, lease: TimeInterval, limit: Int) async throws -> [OutboxEntry] {
        let until = now.addingTimeInterval(lease).timeIntervalSince1970, due = now.timeIntervalSince1970
        return try await rows(
            """
            UPDATE outbox SET attempts = attempts + 1, available_at = \(until)
            WHERE id IN (SELECT id FROM outbox WHERE state = 'pending' AND available_at <= \(due)
                         ORDER BY created_at, id LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING *
            """
        ).map(Self.outboxRecord(from:)).map(\.entry).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Marks a pending entry done and erases its payload, in the caller's transaction; false when it is
    /// not pending (another worker finished it).
    func markOutboxDone(_ id: String, at time: Double, on connection: PostgresConnection) async throws -> Bool {
        try await !connection.query(
            """
            UPDATE outbox SET state = 'done', payload = '', finished_at = \(time), last_error = NULL
            WHERE id = \(id) AND state = 'pending' RETURNING id
            """, logger: logger
        ).collect().isEmpty
    }

    public func completeOutbox(_ id: String, at: Date, notices: [MatchNotice]) async throws -> Bool {
        let time = at.timeIntervalSince1970
        return try await transaction { connection in
            guard try await self.markOutboxDone(id, at: time, on: connection) else { return false }
            for notice in notices {
                let added = try await connection.query(
                    """
                    INSERT INTO announcement_match VALUES (\(notice.missing.rawValue), \(notice.found.rawValue), \(time))
                    ON CONFLICT DO NOTHING RETURNING missing_id
                    """, logger: logger
                ).collect()
                if !added.isEmpty, let message = notice.message { try await Self.enqueue([message], on: connection, logger: logger) }
            }
            return true
        }
    }

    public func failOutbox(_ id: String, error: String, retryAt: Date?) async throws {
        let state = retryAt == nil ? "failed" : "pending"
        let finished: Double? = retryAt == nil ? Date().timeIntervalSince1970 : nil
        _ = try await rows(
            """
            UPDATE outbox SET last_error = \(error), state = \(state),
                available_at = COALESCE(\(retryAt?.timeIntervalSince1970), available_at), finished_at = \(finished),
                payload = CASE WHEN \(retryAt == nil) THEN '' ELSE payload END
            WHERE id = \(id) AND state = 'pending'
            """)
    }

    public func outboxBacklog() async throws -> (pending: Int, oldest: Date?) {
        guard let row = try await rows("SELECT COUNT(*)::int8, MIN(created_at) FROM outbox WHERE state = 'pending'").first else { return (0, nil) }
        let (count, oldest) = try row.decode((Int, Double?).self)
        return (count, oldest.map(Date.init(timeIntervalSince1970:)))
    }

    public func ping() async throws {
        _ = try await rows("SELECT 1")
    }

    public func outbox() async throws -> [OutboxRecord] {
        try await rows("SELECT * FROM outbox ORDER BY created_at, id").map(Self.outboxRecord(from:))
    }

    public func matchCandidates(for report: Announcement) async throws -> [Announcement] {
        guard let kind = report.status.matchingKind else { return [] }
        var found: [Announcement] = []
        if let chip = report.microchipNumber {
            found += try await rows(
                """
                SELECT * FROM announcement WHERE microchip_number = \(chip) AND status = \(kind.rawValue)
                    AND photo_url IS NOT NULL AND id <> \(report.id.rawValue) AND moderation IS NULL
                """
            ).map(Self.announcement(from:))
        }
        if let dates = AnnouncementMatcher.candidateDates(for: report) {
            // The nearby search's geo-time GiST, asked for the box at any time (the dates are not its time axis).
            let box = report.location.boundingBox(radiusKm: AnnouncementMatcher.radiusKm)
            var binds = PostgresBindings()
            func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
                binds.append(value)
                return "$\(binds.count)"
            }
            let inBox = box.longitudes.map { longitudes in
                "\(PostgresNearbyQuery.indexed) <@ cube(ARRAY[\(bind(box.latitudes.lowerBound)), \(bind(longitudes.lowerBound)), '-Infinity'::float8], "
                    + "ARRAY[\(bind(box.latitudes.upperBound)), \(bind(longitudes.upperBound)), 'Infinity'::float8])"
            }.joined(separator: " OR ")
            found += try await rows(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT a.* FROM announcement a
                        WHERE (\(inBox)) AND a.status = \(bind(kind.rawValue)) AND a.photo_url IS NOT NULL AND a.id <> \(bind(report.id.rawValue))
                            AND \(ModerationSchema.listed)
                            AND a.last_seen_date BETWEEN \(bind(dates.lowerBound)) AND \(bind(dates.upperBound))
                        """, binds: binds)
            ).map(Self.announcement(from:))
        }
        return found.uniqueByID()
    }

    static func outboxRecord(from row: PostgresRow) throws -> OutboxRecord {
        let cells = row.makeRandomAccess()
        let entry = OutboxEntry(
            kind: OutboxEntry.Kind(rawValue: try cells["kind"].decode(String.self)) ?? .email,
            payload: try cells["payload"].decode(String.self),
            createdAt: Date(timeIntervalSince1970: try cells["created_at"].decode(Double.self)),
            id: try cells["id"].decode(String.self), attempts: try cells["attempts"].decode(Int.self))
        return OutboxRecord(
            entry: entry, state: OutboxRecord.State(rawValue: try cells["state"].decode(String.self)) ?? .pending,
            lastError: try cells["last_error"].decode(String?.self))
    }
}
