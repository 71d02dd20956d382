import Foundation

/// One subject's budget of password checks: at most `limit` attempts within the lock-out window (its
/// own `window` when it has one, else the one the reservation names).
public struct AttemptBudget: Sendable, Hashable {
    /// What kind of subject this is (`announcement`, `client-code`, `login-email` …).
    public var scope: String
    public var subject: String
    public var limit: Int
    public var window: TimeInterval?

    public init(scope: String, subject: String, limit: Int, window: TimeInterval? = nil) {
        self.scope = scope
        self.subject = subject
        self.limit = limit
        self.window = window
    }

    /// When a budget whose attempts in the window were made at `times` (oldest first) has room again;
    /// nil while it has room now.
    public func exhaustedUntil(_ times: [Date], window: TimeInterval) -> Date? {
        guard limit > 0 else { return .distantFuture }
        guard times.count >= limit else { return nil }
        return times[times.count - limit] + window
    }
}

/// What a store answers to a request for one more password check.
public enum AttemptReservation: Sendable, Equatable {
    /// The attempt is recorded against every budget; check the password now.
    case granted
    /// A budget is spent: no password may be checked before this moment.
    case refused(until: Date)
}

/// Password checks, counted where every server instance sees them, for lock-outs. An attempt is taken
/// from the budgets *before* the password is checked, in one atomic step, so parallel guesses cannot
/// get more checks than the budget; an attempt that turns out right is given back.
public protocol AuthFailureStore: Sendable {
    /// Atomically: when each budget has had fewer than its limit of attempts in its window (its own, else
    /// `window`) before `at`,
    /// records attempt `id` against all of them and answers `.granted`; otherwise records nothing and
    /// answers `.refused(until:)`, the moment the fullest budget has room again.
    func reserveAttempt(_ budgets: [AttemptBudget], id: String, at: Date, window: TimeInterval) async throws -> AttemptReservation
    /// How many attempts `budget` has had since `since`, read without recording anything (a page that
    /// only asks whether a once-only link was used).
    func attemptCount(_ budget: AttemptBudget, since: Date) async throws -> Int
    /// Gives back attempt `id` (its password was right): it no longer counts.
    func refundAttempt(id: String) async throws
    /// Forgets attempts older than `before`.
    func prune(before: Date) async throws
}
