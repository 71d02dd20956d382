import Foundation
import PetSpotDomain
import SQLiteNIO

/// The lock-out's attempt budgets (`auth_failure`) on SQLite.
extension SQLiteStore {
    /// Counted and recorded in one IMMEDIATE transaction on the single writer, so no two reservations interleave.
    public func reserveAttempt(_ budgets: [AttemptBudget], id: String, at: Date, window: TimeInterval) async throws -> AttemptReservation {
        try await transaction { connection in
            var until: Date?
            for budget in budgets {
                let window = budget.window ?? window, since = (at - window).timeIntervalSince1970
                let times = try await self.rows(
                    "SELECT failed_at FROM auth_failure WHERE scope = ? AND subject = ? AND failed_at >= ? ORDER BY failed_at",
                    [.text(budget.scope), .text(budget.subject), .float(since)], on: connection
                )
                .compactMap { $0.column("failed_at")?.double.map(Date.init(timeIntervalSince1970:)) }
                if let refused = budget.exhaustedUntil(times, window: window) { until = max(until ?? refused, refused) }
            }
            if let until { return .refused(until: until) }
            for budget in budgets {
                try await connection.query(
                    "INSERT INTO auth_failure (scope, subject, failed_at, attempt_id) VALUES (?, ?, ?, ?)",
                    [.text(budget.scope), .text(budget.subject), .float(at.timeIntervalSince1970), .text(id)]
                ) { _ in }
            }
            return .granted
        }
    }

    public func attemptCount(_ budget: AttemptBudget, since: Date) async throws -> Int {
        try await read(
            "SELECT COUNT(*) AS n FROM auth_failure WHERE scope = ? AND subject = ? AND failed_at >= ?",
            [.text(budget.scope), .text(budget.subject), .float(since.timeIntervalSince1970)]
        ).first?.column("n")?.integer ?? 0
    }

    public func refundAttempt(id: String) async throws {
        try await write { connection in
            try await connection.query("DELETE FROM auth_failure WHERE attempt_id = ?", [.text(id)]) { _ in }
        }
    }

    public func prune(before: Date) async throws {
        try await write { connection in
            try await connection.query("DELETE FROM auth_failure WHERE failed_at < ?", [.float(before.timeIntervalSince1970)]) { _ in }
        }
    }
}
