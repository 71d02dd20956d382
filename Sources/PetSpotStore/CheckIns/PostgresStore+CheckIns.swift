import Foundation
import PetSpotDomain
import PostgresNIO

/// Check-ins on PostgreSQL: claims lock their rows (`SKIP LOCKED`), so instances never ask twice.
extension PostgresStore {
    public func claimCheckIns(
        now: Date, first: TimeInterval, every: TimeInterval, newSince: Date, window: TimeInterval, limit: Int,
        mails: @Sendable ([CheckInDue]) throws -> [OutboxEntry]
    ) async throws -> Int {
        let next = now.addingTimeInterval(every).timeIntervalSince1970
        return try await transaction { connection in
            let due = try await CheckInClaim(now: now, first: first, window: window, limit: limit).run { createdBy, dueBy, emails, limit in
                try await self.claimDue(
                    newSince: newSince, createdBy: createdBy, dueBy: dueBy, emails: emails, next: next, limit: limit, on: connection)
            }
            try await Self.enqueue(try mails(due), on: connection, logger: self.logger)
            return due.count
        }
    }

    /// Marks as asked, and answers, the never-asked reports created from `newSince` to `createdBy` and the
    /// asked ones due by `dueBy`, of the `emails` given (any address for nil).
    private func claimDue(
        newSince: Date, createdBy: Date, dueBy: Date, emails: [String]?, next: Double, limit: Int, on connection: PostgresConnection
    ) async throws -> [CheckInDue] {
        let anyEmail = emails == nil, only = emails ?? []
        let never = try await connection.query(
            """
            INSERT INTO announcement_checkin (id, confirmed_at, next_at, sequence)
            SELECT a.id, a.created_at, \(next), 1 FROM announcement a
            WHERE a.created_at >= \(Timestamp.string(newSince)) AND a.created_at <= \(Timestamp.string(createdBy))
              AND a.status <> 'CLOSED' AND a.email IS NOT NULL AND (\(anyEmail) OR a.email = ANY(\(only)))
              AND NOT EXISTS (SELECT 1 FROM announcement_checkin c WHERE c.id = a.id)
            ORDER BY a.created_at LIMIT \(limit)
            ON CONFLICT DO NOTHING RETURNING id, sequence
            """, logger: logger
        ).collect()
        let again = try await connection.query(
            """
            UPDATE announcement_checkin SET next_at = \(next), sequence = sequence + 1
            WHERE id IN (SELECT c.id FROM announcement_checkin c JOIN announcement a ON a.id = c.id
                         WHERE c.next_at <= \(dueBy.timeIntervalSince1970) AND a.status <> 'CLOSED' AND a.email IS NOT NULL
                           AND (\(anyEmail) OR a.email = ANY(\(only)))
                         ORDER BY c.next_at LIMIT \(limit) FOR UPDATE OF c SKIP LOCKED)
            RETURNING id, sequence
            """, logger: logger
        ).collect()
        var due: [CheckInDue] = []
        for row in never + again {
            let (id, sequence) = try row.decode((String, Int).self)
            guard
                let report = try await connection.query("SELECT * FROM announcement WHERE id = \(id)", logger: logger)
                    .collect().first.map(Self.announcement(from:))
            else { continue }
            let answers = try await connection.query(
                "SELECT lifestyle, temperament, new_to_area FROM announcement_private WHERE id = \(id)", logger: logger
            ).collect().first.map { row in
                let (lifestyle, temperament, newToArea) = try row.decode((String?, String?, String?).self)
                return SearchAnswers(lifestyle: lifestyle, temperament: temperament, newToArea: newToArea)
            }
            due.append(CheckInDue(report: report, sequence: sequence, answers: answers ?? SearchAnswers()))
        }
        return due
    }

    public func confirmCheckIn(_ id: AnnouncementID, sequence: Int?, at: Date) async throws -> Bool {
        guard let sequence else {
            _ = try await rows("UPDATE announcement_checkin SET confirmed_at = \(Timestamp.string(at)) WHERE id = \(id.rawValue)")
            return true
        }
        return try await !rows(
            """
            UPDATE announcement_checkin SET confirmed_at = \(Timestamp.string(at)), sequence = sequence + 1000000
            WHERE id = \(id.rawValue) AND sequence = \(sequence) RETURNING id
            """
        ).isEmpty
    }

    public func lastConfirmation(of id: AnnouncementID) async throws -> Date? {
        try await rows("SELECT confirmed_at FROM announcement_checkin WHERE id = \(id.rawValue)").first
            .flatMap { StoredDate.date(try $0.decode(String.self)) }
    }
}
