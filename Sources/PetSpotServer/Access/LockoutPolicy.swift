import Foundation
import PetSpotDomain
import PetSpotStore

/// Why a secret was not accepted, in domain terms; mapped to HTTP once for the API and once for the web.
public enum AccessError: Error, Equatable, Sendable {
    /// The code, password or token was checked and is wrong.
    case wrongSecret
    /// A budget is spent: nothing is checked for `retryAfter` seconds, the right secret neither.
    case locked(retryAfter: Int)
    /// A limited action was done too often: again in `retryAfter` seconds.
    case tooMany(LimitedAction, retryAfter: Int)
}

/// What is limited rather than guarded by a secret.
public enum LimitedAction: Sendable, Equatable {
    case message, sighting, alertRequest, report, flag, myReports, photoSearch, account
}

/// Stops guessing. Every check of a secret first takes one attempt from each budget it counts against,
/// atomically in the database (so parallel guesses get no more checks than the budget, on any number of
/// server instances); a right secret gives its attempt back, a wrong one keeps it for the window.
/// A spent budget answers `.locked` until its oldest counted attempt leaves the window.
public struct LockoutPolicy: Sendable {
    /// A kind of budget: what it counts against and how many attempts it allows per window.
    public struct Rule: Sendable {
        public var scope: String
        public var limit: Int
        /// The rule's own window, when not the policy's (15 minutes).
        public var window: TimeInterval?
        public init(scope: String, limit: Int, window: TimeInterval? = nil) {
            self.scope = scope
            self.limit = limit
            self.window = window
        }

        func budget(_ subject: String) -> AttemptBudget { AttemptBudget(scope: scope, subject: subject, limit: limit, window: window) }
    }

    /// Management codes checked for one report from one network (`ClientKey.network`): strangers on one
    /// line hold the code for their line, not for its owner on another.
    public static let announcementCode = Rule(scope: "announcement-network", limit: 10)
    /// Management codes checked for one report from anywhere in a day: guesses spread over many networks
    /// get no more than these (a 6-digit code, 1 in 20,000 a day).
    public static let announcementCodeDaily = Rule(scope: "announcement", limit: 50, window: day)
    /// Management codes checked for one client, over all reports (spraying guesses across many reports).
    public static let clientCode = Rule(scope: "client-code", limit: 50)
    /// Passwords checked for one account e-mail, from anywhere.
    public static let loginEmail = Rule(scope: "login-email", limit: 10)
    /// Passwords checked for one client, over all accounts.
    public static let clientLogin = Rule(scope: "client-login", limit: 30)
    /// Admin tokens checked for one client.
    public static let clientAdmin = Rule(scope: "client-admin", limit: 10)
    /// Messages relayed to reporters: per sender, and per report.
    public static let relayClient = Rule(scope: "relay-client", limit: 5)
    public static let relayReport = Rule(scope: "relay-report", limit: 20)
    /// A sender's first message to a report in 15 minutes goes at once, whatever others
    /// send; past it, the sender's messages wait for `relayReport`'s budget, behind everyone else's.
    public static let relaySenderReport = Rule(scope: "relay-sender-report", limit: 1)
    /// Sightings added: per client, and per report; a network's first sighting of a report in the window
    /// does not count against the report's.
    public static let sightingClient = Rule(scope: "sighting-client", limit: 20)
    public static let sightingReport = Rule(scope: "sighting-report", limit: 60)
    public static let sightingNetworkReport = Rule(scope: "sighting-network-report", limit: 1)
    /// Alert subscriptions asked for: per client, and per address (each sends a confirmation).
    public static let alertClient = Rule(scope: "alert-client", limit: 10)
    public static let alertAddress = Rule(scope: "alert-address", limit: 3)
    /// Accounts made from one client: each runs scrypt, and a 409 tells that an address has one.
    public static let accountClient = Rule(scope: "account-client", limit: 60)
    /// Reports filed from one client: each may e-mail a code to any address.
    public static let reportClient = Rule(scope: "report-client", limit: 60)
    /// Searches by photo from one client in the window: each runs the model, so a flood is cut off early.
    public static let photoSearchClient = Rule(scope: "photo-search-client", limit: 60)
    /// E-mails to an address that did not ask for them, one of each kind a day (`allowsUnasked`): a
    /// report's code, an alert confirmation, a "the pet is home" word to someone who saw it.
    public static let unaskedCode = Rule(scope: "unasked-code", limit: 1, window: day)
    public static let unaskedAlert = Rule(scope: "unasked-alert", limit: 1, window: day)
    /// Words that a confirmed subscription was moved, a day per mailbox.
    public static let alertNotice = Rule(scope: "alert-notice", limit: 3, window: day)
    public static let unaskedWatch = Rule(scope: "unasked-watch", limit: 1, window: day)
    /// Match e-mails to one mailbox a day: found reports filed in a row cannot flood an address someone
    /// else typed into a missing report (the owner sees every match on the manage page).
    public static let unaskedMatch = Rule(scope: "unasked-match", limit: 5, window: day)
    /// Search-plan e-mails to one mailbox a day: ten reports typed with a stranger's address cannot
    /// make each stage of their plans mail it ten times.
    public static let unaskedPlan = Rule(scope: "unasked-plan", limit: 3, window: day)
    /// Sighting notices to one mailbox a day: reports typed with a stranger's address cannot make each
    /// sighting added to them mail it (the sightings not told are still on each report's page).
    public static let unaskedSighting = Rule(scope: "unasked-sighting", limit: 10, window: day)
    /// Relayed messages e-mailed to one mailbox a day, over all its reports: reports typed with a stranger's
    /// address cannot make PetSpot's relay flood it (past it a message is only kept, `relayMailboxKept`).
    public static let relayMailbox = Rule(scope: "relay-mailbox", limit: 50, window: day)
    /// Relayed messages e-mailed to one mailbox a day from one network (an IPv4 /24, an IPv6 /48): one line
    /// cannot spend `relayMailbox` and silence the owner's inbox to every real finder.
    public static let relayNetworkMailbox = Rule(scope: "relay-network-mailbox", limit: 5, window: day)
    /// Messages past those kept for the owner's manage page a day, per mailbox; later ones are let go.
    public static let relayMailboxKept = Rule(scope: "relay-mailbox-kept", limit: 200, window: day)
    /// A pair of reports counted once against `unaskedMatch`, however often it is compared again.
    static let matchPair = Rule(scope: "match-pair", limit: 1, window: longestWindow)
    /// The window of every once-a-day budget.
    public static let day: TimeInterval = 24 * 3600
    /// The longest window any budget counts over (`matchPair`'s): older uses are pruned, none younger,
    /// or a wrong code would reset every day-long budget.
    static let longestWindow: TimeInterval = 90 * 86_400

    let store: any AuthFailureStore
    let window: TimeInterval
    let now: @Sendable () -> Date
    /// Told of each refusal, with the scope of the first budget (for the metrics).
    let onRefusal: @Sendable (String) -> Void

    public init(
        store: any AuthFailureStore, window: TimeInterval = 15 * 60, now: @escaping @Sendable () -> Date = Date.init,
        onRefusal: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.window = window
        self.now = now
        self.onRefusal = onRefusal
    }

    /// Checks a secret with `verify` when every budget has room: `.locked` without checking when one is
    /// spent, `.wrongSecret` (the attempt kept) when `verify` says no.
    /// Takes one attempt from each budget for an action that is limited rather than guarded (a relayed
    /// message): it is never given back. `AccessError.tooMany` once a budget is spent. Each budget counts
    /// over its rule's window, else the policy's.
    func spend(_ budgets: [(Rule, String)], on action: LimitedAction) async throws {
        let current = now()
        let reservation = try await store.reserveAttempt(
            budgets.map { $0.0.budget($0.1) }, id: UUID().uuidString, at: current, window: window)
        if case .refused(let until) = reservation {
            onRefusal(budgets.first?.0.scope ?? "")
            throw AccessError.tooMany(action, retryAfter: max(1, Int(until.timeIntervalSince(current).rounded(.up))))
        }
    }

    /// True when `rule`'s budget for `subject` has room, read without counting a use (a page that only
    /// shows whether a once-only link still works). A failing database says no.
    func hasRoom(_ rule: Rule, _ subject: String) async -> Bool {
        let since = now() - (rule.window ?? window)
        guard let count = try? await store.attemptCount(rule.budget(subject), since: since) else { return false }
        return count < rule.limit
    }

    /// Counts one use of `rule`'s budget for `subject`: nil when it had room, else when it frees again
    /// (the use is then not counted). A failing database defers by one window.
    func deferral(_ rule: Rule, _ subject: String) async -> Date? {
        let current = now()
        guard let reservation = try? await store.reserveAttempt([rule.budget(subject)], id: UUID().uuidString, at: current, window: window)
        else { return current + (rule.window ?? window) }
        if case .refused(let until) = reservation { return until }
        return nil
    }

    /// Takes one use of `rule`'s budget for `subject` now, in one atomic step, for an action that may not
    /// need it: the use's id, to give back with `giveBack(_:)` when it was not needed; nil when the budget
    /// is spent (or the database fails).
    func take(_ rule: Rule, _ subject: String) async -> String? {
        let id = UUID().uuidString
        let reservation = try? await store.reserveAttempt([rule.budget(subject)], id: id, at: now(), window: window)
        return reservation == .granted ? id : nil
    }

    func giveBack(_ use: String) async { try? await store.refundAttempt(id: use) }

    /// True when PetSpot may send `address` an e-mail of `kind` it did not ask for: one a day per mailbox
    /// (`ContactRules.mailboxKey`), shared by every instance. A failing database sends nothing.
    func allowsUnasked(_ kind: Rule, to address: String) async -> Bool {
        await unaskedDeferral(kind, to: address) == nil
    }

    /// Counts one e-mail of `kind` to `address` (as `allowsUnasked`): nil when it may go now, else when
    /// the day's cap frees again.
    func unaskedDeferral(_ kind: Rule, to address: String) async -> Date? {
        await deferral(kind, ContactRules.mailboxKey(address))
    }

    func check(_ budgets: [(Rule, String)], verify: () async throws -> Bool) async throws {
        let attempt = UUID().uuidString
        let current = now()
        let reservation = try await store.reserveAttempt(budgets.map { $0.0.budget($0.1) }, id: attempt, at: current, window: window)
        if case .refused(let until) = reservation {
            onRefusal(budgets.first?.0.scope ?? "")
            throw AccessError.locked(retryAfter: max(1, Int(until.timeIntervalSince(current).rounded(.up))))
        }
        guard try await verify() else {
            try await store.prune(before: current - Self.longestWindow)
            throw AccessError.wrongSecret
        }
        try await store.refundAttempt(id: attempt)
    }
}
