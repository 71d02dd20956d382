@preconcurrency import Crypto
import Foundation
import PetSpotDomain
import PetSpotStore

/// Operators' sign-in: a scrypt password and a TOTP code, checked under lock-out budgets per
/// name and per client like management codes; each code works once. A session is a signed cookie
/// (name, stage, expiry) scoped to `/admin`, good for 8 hours, so every instance sharing the secret
/// accepts it; an operator who has not set up an authenticator yet gets a 10-minute enrolment session.
struct OperatorAuth: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = ModerationStore
    let store: any Stores
    let hasher: PasswordHasher
    let lockout: LockoutPolicy
    let key: SymmetricKey
    let secureCookies: Bool
    let now: @Sendable () -> Date
    /// Where to say that an operator's name is being guessed (`--operator-alert-email`), and how.
    var guessAlerts: (address: String, notifier: ReportNotifier)?

    static let cookieName = "petspot_operator"
    static let lifetime: TimeInterval = 8 * 3600
    static let enrolmentLifetime: TimeInterval = 10 * 60
    /// Wrong sign-ins for one name *from one client network*: a stranger who knows the name locks out
    /// only their own network, never the operator signing in from elsewhere.
    static let perName = LockoutPolicy.Rule(scope: "operator-name", limit: 10)
    static let perClient = LockoutPolicy.Rule(scope: "client-operator", limit: 20)
    /// Wrong sign-ins for one name from one network that make an alert: read from `perName`'s attempts.
    static let guessed = LockoutPolicy.Rule(scope: perName.scope, limit: 5)
    /// At most one alert an hour for each name.
    static let alertOnce = LockoutPolicy.Rule(scope: "operator-guess-alert", limit: 1, window: 3600)
    /// A stored hash no password matches, checked for unknown names so they take as long as known ones.
    static let decoyHash = "00000000000000000000000000000000:" + String(repeating: "00", count: PasswordHasher.keyLength)

    init(
        store: any Stores, lockout: LockoutPolicy, hasher: PasswordHasher = PasswordHasher(), secret: String, secureCookies: Bool,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.hasher = hasher
        self.lockout = lockout
        key = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Data("petspot-operator".utf8), using: SymmetricKey(data: Data(secret.utf8))))
        self.secureCookies = secureCookies
        self.now = now
    }

    /// A signed-in operator, or one who still has to set up an authenticator.
    struct Session: Equatable {
        enum Stage: String { case enrol, full }
        var name: String
        var stage: Stage
        var expiry: Int
        /// When it began, in milliseconds since 1970: a sign-out ends every session begun before it.
        var issued: Int64

        /// False once its operator signed out after it began (`OperatorAccount.sessionsEndedAt`).
        func outlives(_ account: OperatorAccount) -> Bool {
            Double(issued) / 1000 > account.sessionsEndedAt.timeIntervalSince1970
        }
    }

    /// Checks a name, password and code: `AccessError.wrongSecret` for any wrong part, `.locked` while a
    /// budget is spent. An operator not yet enrolled needs no code and gets an enrolment session.
    func signIn(name: String, password: String, code: String, client: String) async throws -> Session {
        // The code is read against the time it arrived: a password check queued behind others must not
        // turn a code that was fresh when sent into a stale one.
        let arrived = now()
        let account = OperatorName.isValid(name) ? try await store.operatorAccount(named: name) : nil
        let guess = "\(name.lowercased())|\(client)"
        do {
            try await lockout.check([(Self.perName, guess), (Self.perClient, client)]) {
                let passwordRight = await hasher.verify(password, against: account?.passwordHash ?? Self.decoyHash)
                guard let account, passwordRight else { return false }
                guard account.enrolled else { return true }
                return try await takeCode(code, of: account, at: arrived)
            }
        } catch AccessError.wrongSecret where account != nil {
            await alertIfGuessed(account?.name ?? name, key: guess, client: client)
            throw AccessError.wrongSecret
        }
        guard let account else { throw AccessError.wrongSecret }
        return session(account.name, account.enrolled ? .full : .enrol)
    }

    /// Completes enrolment with the first code from the authenticator.
    func enrol(_ session: Session, code: String, client: String) async throws -> Session {
        let arrived = now()
        // An enrolment session begun before a reset or a sign-out enrols nothing: the new key is the new holder's.
        guard let account = try await store.operatorAccount(named: session.name), !account.enrolled, session.outlives(account) else {
            throw AccessError.wrongSecret
        }
        try await lockout.check([(Self.perName, "\(account.name)|\(client)"), (Self.perClient, client)]) {
            try await takeCode(code, of: account, at: arrived)
        }
        try await store.enrolOperator(named: account.name)
        return self.session(account.name, .full)
    }

    /// Ends every session of the operator, on every instance (a copy of the cookie opens nothing).
    func signOut(_ session: Session) async throws {
        try await store.endOperatorSessions(named: session.name, at: now())
    }

    /// The account a session belongs to, if it still exists.
    func account(of session: Session) async throws -> OperatorAccount? {
        try await store.operatorAccount(named: session.name)
    }

    /// E-mails `guessAlerts` once an hour while a name gets `guessed` wrong sign-ins from one network.
    private func alertIfGuessed(_ name: String, key: String, client: String) async {
        guard let (address, notifier) = guessAlerts, await !lockout.hasRoom(Self.guessed, key),
            await lockout.deferral(Self.alertOnce, name) == nil
        else { return }
        let network = ClientKey.network(of: client)
        let text = """
            Someone has signed in to PetSpot's console as "\(name)" with a wrong password or code \(Self.guessed.limit) times \
            or more in the last minutes, from the network \(network). Sign-ins from that network for that name are now \
            refused for a while; the operator can still sign in from anywhere else.

            If it was not the operator, consider blocking the network in the console. This e-mail is sent at most once \
            an hour for a name.
            """
        let html = "<p>" + HTMLText.escape(text).replacingOccurrences(of: "\n\n", with: "</p><p>") + "</p>"
        try? await notifier.relay(
            MailContent(
                to: address, subject: "PetSpot: someone is guessing operator \(name)'s sign-in",
                text: text, html: html))
    }

    private func takeCode(_ code: String, of account: OperatorAccount, at arrived: Date) async throws -> Bool {
        guard let step = TOTP.matchingStep(code, secret: account.totpSecret, at: arrived) else { return false }
        return try await store.takeTOTPStep(step, operator: account.name)
    }

    private func session(_ name: String, _ stage: Session.Stage) -> Session {
        let current = now().timeIntervalSince1970
        return Session(
            name: name, stage: stage, expiry: Int(current + (stage == .full ? Self.lifetime : Self.enrolmentLifetime)),
            issued: Int64((current * 1000).rounded(.down)))
    }

    // MARK: - The cookie

    /// The signed value of `session`'s cookie.
    func cookieValue(for session: Session) -> String {
        let value = "\(session.name).\(session.stage.rawValue).\(session.expiry).\(session.issued)"
        return value + "." + signature(value)
    }

    private func signature(_ value: String) -> String {
        Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: Data(value.utf8), using: key)))
    }

    /// The session a cookie's value carries, when it is this server's and has not expired.
    func session(cookie value: String?) -> Session? {
        guard let value else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, let stage = Session.Stage(rawValue: parts[1]), let expiry = Int(parts[2]), let issued = Int64(parts[3]),
            Double(expiry) > now().timeIntervalSince1970, OperatorName.isValid(parts[0]),
            ConstantTime.equal(parts[4], signature(parts[0...3].joined(separator: ".")))
        else { return nil }
        return Session(name: parts[0], stage: stage, expiry: expiry, issued: issued)
    }
}

/// Operator names: 2 to 40 lower-case letters, digits, `-` and `_` (they travel in the session cookie).
enum OperatorName {
    static func isValid(_ name: String) -> Bool {
        (2...40).contains(name.count) && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
