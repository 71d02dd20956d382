import Foundation
import PetSpotDomain

/// The lock-out's attempt budgets in memory.
extension InMemoryStore {
    public func reserveAttempt(_ budgets: [AttemptBudget], id: String, at: Date, window: TimeInterval) -> AttemptReservation {
        let refusals = budgets.compactMap { budget -> Date? in
            let window = budget.window ?? window, since = at - window
            let key = "\(budget.scope)\u{0}\(budget.subject)"
            return budget.exhaustedUntil(attempts.filter { $0.key == key && $0.at >= since }.map(\.at).sorted(), window: window)
        }
        if let until = refusals.max() { return .refused(until: until) }
        attempts += budgets.map { ("\($0.scope)\u{0}\($0.subject)", at, id) }
        return .granted
    }

    public func attemptCount(_ budget: AttemptBudget, since: Date) -> Int {
        let key = "\(budget.scope)\u{0}\(budget.subject)"
        return attempts.filter { $0.key == key && $0.at >= since }.count
    }

    public func refundAttempt(id: String) {
        attempts.removeAll { $0.id == id }
    }

    public func prune(before: Date) {
        attempts.removeAll { $0.at < before }
    }
}
