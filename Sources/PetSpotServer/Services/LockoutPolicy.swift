import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotStore

/// Stops password guessing: after `limit` failures for one subject within `window`, every attempt on
/// that subject (the right password too) gets 429 with `Retry-After` until the window has passed.
/// Failures are stored, so every server instance sharing the database shares the count.
public struct LockoutPolicy: Sendable {
    /// What a failure counts against.
    public struct Rule: Sendable {
        public var scope: String
        public var limit: Int
        public init(scope: String, limit: Int) {
            self.scope = scope
            self.limit = limit
        }
    }

    public static let announcement = Rule(scope: "announcement", limit: 10)
    public static let client = Rule(scope: "client", limit: 30)
    public static let loginEmail = Rule(scope: "login-email", limit: 10)

    let store: any AuthFailureStore
    let window: TimeInterval
    let now: @Sendable () -> Date

    public init(store: any AuthFailureStore, window: TimeInterval = 15 * 60, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.window = window
        self.now = now
    }

    /// Throws 429 when any of the subjects is locked out.
    func check(_ subjects: [(Rule, String)]) async throws {
        let current = now()
        for (rule, subject) in subjects {
            let failures = try await store.failures(scope: rule.scope, subject: subject, since: current - window)
            guard failures.count >= rule.limit else { continue }
            // Locked until enough failures age out of the window to fall under the limit.
            let unlock = failures[failures.count - rule.limit] + window
            let seconds = max(1, Int(unlock.timeIntervalSince(current).rounded(.up)))
            var error = APIError(status: .tooManyRequests, code: .tooManyRequests,
                                 message: "Too many failed attempts, try again later")
            error.headers[.retryAfter] = String(seconds)
            throw error
        }
    }

    func recordFailure(_ subjects: [(Rule, String)]) async throws {
        let current = now()
        for (rule, subject) in subjects {
            try await store.recordFailure(scope: rule.scope, subject: subject, at: current)
        }
        try await store.prune(before: current - window)
    }
}
