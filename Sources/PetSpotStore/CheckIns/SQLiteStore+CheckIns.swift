import Foundation
import PetSpotDomain
import SQLiteNIO

/// Check-ins on SQLite; claims and confirmations on the single writer, in a transaction.
extension SQLiteStore {
    public func claimCheckIns(
        now: Date, first: TimeInterval, every: TimeInterval, newSince: Date, window: TimeInterval, limit: Int,
        mails: @Sendable ([CheckInDue]) throws -> [OutboxEntry]
    ) async throws -> Int {
        try await transaction { connection in
            let next = SQLiteData.float(now.addingTimeInterval(every).timeIntervalSince1970)
            let due = try await CheckInClaim(now: now, first: first, window: window, limit: limit).run { createdBy, dueBy, emails, limit in
                try await self.claimDue(
                    newSince: newSince, createdBy: createdBy, dueBy: dueBy, emails: emails, next: next, limit: limit, on: connection)
            }
            try await Self.enqueue(try mails(due), on: connection)
            return due.count
        }
    }

    /// Marks as asked, and answers, the never-asked reports created from `newSince` to `createdBy` and the
    /// asked ones due by `dueBy`, of the `emails` given (any address for nil).
    private func claimDue(
        newSince: Date, createdBy: Date, dueBy: Date, emails: [String]?, next: SQLiteData, limit: Int, on connection: SQLiteConnection
    ) async throws -> [CheckInDue] {
        let only = emails.map { " AND a.email IN (\(Array(repeating: "?", count: $0.count).joined(separator: ", ")))" } ?? ""
        let emailBinds = (emails ?? []).map(SQLiteData.text)
        let plan = "q.lifestyle AS plan_lifestyle, q.temperament AS plan_temperament, q.new_to_area AS plan_new_to_area"
        let never = try await rows(
            """
            SELECT a.*, \(plan) FROM announcement a LEFT JOIN announcement_private q ON q.id = a.id
            WHERE a.created_at >= ? AND a.created_at <= ? AND a.status <> 'CLOSED'
              AND a.email IS NOT NULL AND NOT EXISTS (SELECT 1 FROM announcement_checkin c WHERE c.id = a.id)\(only)
            ORDER BY a.created_at LIMIT \(limit)
            """, [.text(Timestamp.string(newSince)), .text(Timestamp.string(createdBy))] + emailBinds, on: connection)
        let again = try await rows(
            """
            SELECT a.*, c.sequence AS checkin_sequence, \(plan)
            FROM announcement_checkin c JOIN announcement a ON a.id = c.id LEFT JOIN announcement_private q ON q.id = a.id
            WHERE c.next_at <= ? AND a.status <> 'CLOSED' AND a.email IS NOT NULL\(only) ORDER BY c.next_at LIMIT \(limit)
            """, [.float(dueBy.timeIntervalSince1970)] + emailBinds, on: connection)
        var due: [CheckInDue] = []
        for row in never {
            let report = try Self.announcement(from: row)
            try await connection.query(
                "INSERT INTO announcement_checkin (id, confirmed_at, next_at, sequence) VALUES (?, ?, ?, 1)",
                [.text(report.id.rawValue), .text(Timestamp.string(report.createdAt)), next]
            ) { _ in }
            due.append(CheckInDue(report: report, sequence: 1, answers: Self.searchAnswers(row)))
        }
        for row in again {
            let report = try Self.announcement(from: row)
            let sequence = (row.column("checkin_sequence")?.integer ?? 0) + 1
            try await connection.query(
                "UPDATE announcement_checkin SET next_at = ?, sequence = ? WHERE id = ?", [next, .integer(sequence), .text(report.id.rawValue)]
            ) { _ in }
            due.append(CheckInDue(report: report, sequence: sequence, answers: Self.searchAnswers(row)))
        }
        return due
    }

    static func searchAnswers(_ row: some SQLiteColumns) -> SearchAnswers {
        SearchAnswers(
            lifestyle: row.column("plan_lifestyle")?.string, temperament: row.column("plan_temperament")?.string,
            newToArea: row.column("plan_new_to_area")?.string)
    }

    public func confirmCheckIn(_ id: AnnouncementID, sequence: Int?, at: Date) async throws -> Bool {
        try await transaction { connection in
            // A used link is spent: the sequence moves on (the next e-mail carries a new one).
            let sql =
                sequence == nil
                ? "UPDATE announcement_checkin SET confirmed_at = ? WHERE id = ? RETURNING id"
                : "UPDATE announcement_checkin SET confirmed_at = ?, sequence = sequence + 1000000 WHERE id = ? AND sequence = ? RETURNING id"
            let binds: [SQLiteData] = [.text(Timestamp.string(at)), .text(id.rawValue)] + (sequence.map { [.integer($0)] } ?? [])
            return try await !self.rows(sql, binds, on: connection).isEmpty || sequence == nil
        }
    }

    public func lastConfirmation(of id: AnnouncementID) async throws -> Date? {
        try await read("SELECT confirmed_at FROM announcement_checkin WHERE id = ?", [.text(id.rawValue)])
            .first?.column("confirmed_at")?.string.flatMap(StoredDate.date)
    }
}
