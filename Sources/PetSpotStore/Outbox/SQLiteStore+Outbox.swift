import Foundation
import PetSpotDomain
import SQLiteNIO

/// The outbox and matched pairs on SQLite; every change runs on the single writer, in a transaction.
extension SQLiteStore {
    public func enqueueOutbox(_ entries: [OutboxEntry]) async throws {
        try await transaction { connection in try await Self.enqueue(entries, on: connection) }
    }

    static func enqueue(_ entries: [OutboxEntry], on connection: SQLiteConnection) async throws {
        for entry in entries {
            try await connection.query(
                "INSERT INTO outbox (id, kind, payload, created_at, available_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(entry.id), .text(entry.kind.rawValue), .text(entry.payload),
                    .float(entry.createdAt.timeIntervalSince1970), .float((entry.availableAt ?? entry.createdAt).timeIntervalSince1970),
                ]
            ) { _ in }
        }
    }

    public func claimOutbox(now: Date, lease: TimeInterval, limit: Int) async throws -> [OutboxEntry] {
        try await transaction { connection in
            try await self.rows(
                """
                UPDATE outbox SET attempts = attempts + 1, available_at = ?
                WHERE id IN (SELECT id FROM outbox WHERE state = 'pending' AND available_at <= ? ORDER BY created_at, id LIMIT \(limit))
                RETURNING *
                """, [.float(now.addingTimeInterval(lease).timeIntervalSince1970), .float(now.timeIntervalSince1970)], on: connection)
        }.map(Self.outboxRecord(from:)).map(\.entry).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func completeOutbox(_ id: String, at: Date, notices: [MatchNotice]) async throws -> Bool {
        try await transaction { connection in
            guard try await self.markOutboxDone(id, at: at, on: connection) else { return false }
            for notice in notices {
                let added = try await self.rows(
                    """
                    INSERT INTO announcement_match VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING missing_id
                    """, [.text(notice.missing.rawValue), .text(notice.found.rawValue), .float(at.timeIntervalSince1970)], on: connection)
                if !added.isEmpty, let message = notice.message { try await Self.enqueue([message], on: connection) }
            }
            return true
        }
    }

    /// Marks a pending entry done and erases its payload, in the caller's transaction; false when it is
    /// not pending (another worker finished it).
    func markOutboxDone(_ id: String, at: Date, on connection: SQLiteConnection) async throws -> Bool {
        try await !rows(
            """
            UPDATE outbox SET state = 'done', payload = '', finished_at = ?, last_error = NULL
            WHERE id = ? AND state = 'pending' RETURNING id
            """, [.float(at.timeIntervalSince1970), .text(id)], on: connection
        ).isEmpty
    }

    public func failOutbox(_ id: String, error: String, retryAt: Date?) async throws {
        try await write { connection in
            try await connection.query(
                """
                UPDATE outbox SET last_error = ?, state = ?, available_at = COALESCE(?, available_at), finished_at = ?,
                    payload = CASE WHEN ? THEN '' ELSE payload END
                WHERE id = ? AND state = 'pending'
                """,
                [
                    .text(error), .text(retryAt == nil ? "failed" : "pending"), retryAt.map { .float($0.timeIntervalSince1970) } ?? .null,
                    retryAt == nil ? .float(Date().timeIntervalSince1970) : .null, .integer(retryAt == nil ? 1 : 0), .text(id),
                ]
            ) { _ in }
        }
    }

    public func outboxBacklog() async throws -> (pending: Int, oldest: Date?) {
        let row = try await read("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox WHERE state = 'pending'", []).first
        return (row?.column("n")?.integer ?? 0, row?.column("oldest")?.double.map(Date.init(timeIntervalSince1970:)))
    }

    public func ping() async throws {
        _ = try await read("SELECT 1", [])
    }

    public func outbox() async throws -> [OutboxRecord] {
        try await read("SELECT * FROM outbox ORDER BY created_at, id", []).map(Self.outboxRecord(from:))
    }

    public func matchCandidates(for report: Announcement) async throws -> [Announcement] {
        guard let kind = report.status.matchingKind else { return [] }
        var found: [Announcement] = []
        let open = "a.status = ? AND a.photo_url IS NOT NULL AND a.id <> ? AND \(ModerationSchema.listed)"
        let openBinds: [SQLiteData] = [.text(kind.rawValue), .text(report.id.rawValue)]
        if let chip = report.microchipNumber {
            found += try await read(
                "SELECT a.* FROM announcement a WHERE a.microchip_number = ? AND \(open)",
                [.text(chip)] + openBinds
            ).map(Self.announcement(from:))
        }
        if let dates = AnnouncementMatcher.candidateDates(for: report) {
            let (box, boxBinds) = SQLiteNearbyQuery.boxFilter(report.location.boundingBox(radiusKm: AnnouncementMatcher.radiusKm))
            found += try await read(
                """
                SELECT a.* FROM announcement_geo g CROSS JOIN announcement a ON a.seq = g.id
                WHERE \(box) AND \(open) AND a.last_seen_date BETWEEN ? AND ?
                """, boxBinds + openBinds + [.text(dates.lowerBound), .text(dates.upperBound)]
            ).map(Self.announcement(from:))
        }
        return found.uniqueByID()
    }

    static func outboxRecord(from row: some SQLiteColumns) -> OutboxRecord {
        func text(_ name: String) -> String { row.column(name)?.string ?? "" }
        let entry = OutboxEntry(
            kind: OutboxEntry.Kind(rawValue: text("kind")) ?? .email, payload: text("payload"),
            createdAt: Date(timeIntervalSince1970: row.column("created_at")?.double ?? 0),
            id: text("id"), attempts: row.column("attempts")?.integer ?? 0)
        return OutboxRecord(
            entry: entry, state: OutboxRecord.State(rawValue: text("state")) ?? .pending,
            lastError: row.column("last_error")?.string)
    }
}
