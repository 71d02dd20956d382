import Foundation
import PetSpotDomain
import PostgresNIO

/// The lock-out's attempt budgets (`auth_failure`), shared by every instance.
extension PostgresStore {
    /// Each budget's transaction-scoped advisory lock (taken in one order) makes count-then-insert atomic
    /// across connections and server instances.
    public func reserveAttempt(_ budgets: [AttemptBudget], id: String, at: Date, window: TimeInterval) async throws -> AttemptReservation {
        try await transaction { connection in
            for key in budgets.map({ "\($0.scope)\n\($0.subject)" }).sorted() {
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))", logger: logger)
            }
            var until: Date?
            for budget in budgets {
                let window = budget.window ?? window, since = (at - window).timeIntervalSince1970
                let times = try await connection.query(
                    """
                    SELECT failed_at FROM auth_failure
                    WHERE scope = \(budget.scope) AND subject = \(budget.subject) AND failed_at >= \(since) ORDER BY failed_at
                    """, logger: logger
                ).collect().map { Date(timeIntervalSince1970: try $0.decode(Double.self)) }
                if let refused = budget.exhaustedUntil(times, window: window) { until = max(until ?? refused, refused) }
            }
            if let until { return .refused(until: until) }
            for budget in budgets {
                try await connection.query(
                    """
                    INSERT INTO auth_failure (scope, subject, failed_at, attempt_id)
                    VALUES (\(budget.scope), \(budget.subject), \(at.timeIntervalSince1970), \(id))
                    """, logger: logger)
            }
            return .granted
        }
    }

    public func attemptCount(_ budget: AttemptBudget, since: Date) async throws -> Int {
        try await rows(
            """
            SELECT COUNT(*)::BIGINT FROM auth_failure
            WHERE scope = \(budget.scope) AND subject = \(budget.subject) AND failed_at >= \(since.timeIntervalSince1970)
            """
        ).first.map { Int(try $0.decode(Int64.self)) } ?? 0
    }

    public func refundAttempt(id: String) async throws {
        _ = try await rows("DELETE FROM auth_failure WHERE attempt_id = \(id)")
    }

    public func prune(before: Date) async throws {
        _ = try await rows("DELETE FROM auth_failure WHERE failed_at < \(before.timeIntervalSince1970)")
    }
}
