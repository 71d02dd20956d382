@preconcurrency import Crypto
import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// "My reports" without an account. Anyone may ask for the link of an address and is told the
/// same either way; the asking only queues an outbox entry, so it costs the same for any address, and the
/// worker sends the link only to an address that has something. The link works once, within 24 hours,
/// and opens a session (a signed cookie) in which the owner manages every report of the address with the
/// grant a right code earns, replaces a code, stops sighting watches and manages alert subscriptions.
struct MyReportsService: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = AnnouncementStore & MyReportsStore & OutboxStore
    let store: any Stores
    let announcements: AnnouncementService
    let alerts: AlertService
    let tokens: KeyedTokens
    let lockout: LockoutPolicy
    let now: @Sendable () -> Date

    /// As long as `perMailboxDay` counts: links a stranger asks for outlast the cap they spend.
    static let linkLifetime = LockoutPolicy.day
    static let sessionLifetime: TimeInterval = 30 * 60
    static let cookieName = "petspot_mine"
    /// Links asked for one address, and by one client, per 15 minutes. Addresses are counted as written
    /// (case aside), as the links are sent: asking for a dot or `+tag` variant spends nothing of the owner's.
    static let perAddress = LockoutPolicy.Rule(scope: "my-reports-address", limit: 3)
    static let perClient = LockoutPolicy.Rule(scope: "my-reports-client", limit: 10)
    /// Links e-mailed to one mailbox a day, whoever asks: the inbox of someone who filed a report is not
    /// for strangers to fill (design rule 13).
    static let perMailboxDay = LockoutPolicy.Rule(scope: "my-reports-mailbox-day", limit: 6, window: LockoutPolicy.day)

    enum Failure: Error, Equatable { case invalidEmail }

    /// Asks for the link of `email`: `Failure.invalidEmail` for no address, `AccessError.tooMany` past a
    /// limit; otherwise the same for every address.
    func request(_ typed: String, client: String) async throws {
        // Any address a report may carry, as the report's form reads it: white space trimmed, at most 254
        // characters as typed (the API document's `maxLength`), no control characters (a web form has
        // dropped them already).
        let email = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard typed.limitLength <= ContactRules.emailLimit, ContactRules.isReportAddress(email) else { throw Failure.invalidEmail }
        try await lockout.spend([(Self.perClient, client), (Self.perAddress, ContactRules.addressKey(email))], on: .myReports)
        try await store.enqueueOutbox([OutboxEntry(kind: .myReportsLink, payload: email.lowercased(), createdAt: now())])
        announcements.notifier?.doorbell.ring()
    }

    /// The worker's half: the link, to an address that has a report, a watch or a subscription.
    func sendLink(to email: String) async throws {
        let reports = try await store.reports(withEmail: email, limit: 1)
        var hasAny = !reports.isEmpty
        if !hasAny { hasAny = try await !store.watches(withEmail: email).isEmpty }
        if !hasAny { hasAny = try await !store.subscriptions(withEmail: email).isEmpty }
        guard hasAny, let notifier = announcements.notifier,
            await lockout.deferral(Self.perMailboxDay, ContactRules.addressKey(email)) == nil
        else { return }
        let nonce = Hex.random(bytes: 16)
        try await store.createLink(nonce: nonce, email: email, expiresAt: now().addingTimeInterval(Self.linkLifetime))
        let link = notifier.baseURL + WebRoute.myReportsOpen(nonce: nonce, token: tokens.token("my-reports", nonce)).path
        let language = reports.first?.language ?? "en"
        try await notifier.relay(notifier.mails.myReportsLink(to: email, link: link, language: language, baseURL: notifier.baseURL))
    }

    /// True for a link this server made (it may be used or expired: `open` decides).
    func isGenuine(nonce: String, token: String?) -> Bool {
        nonce.count == 32 && tokens.accepts(token, "my-reports", nonce)
    }

    /// Spends a genuine link: the address it opens, or nil when it was used or has expired.
    func open(nonce: String, token: String?) async throws -> String? {
        guard isGenuine(nonce: nonce, token: token) else { return nil }
        return try await store.redeemLink(nonce: nonce, at: now())
    }

    // MARK: - The session

    /// A signed session for `email`, lasting `sessionLifetime`: the session cookie's value.
    func session(for email: String) -> String {
        let expiry = Int(now().timeIntervalSince1970 + Self.sessionLifetime)
        let value = "\(expiry).\(Hex.encode(Array(email.utf8)))"
        return value + "." + tokens.token("my-reports-session", value)
    }

    /// True when the session cookie goes over HTTPS only (the public address is https).
    var secureSession: Bool { announcements.notifier?.baseURL.hasPrefix("https://") ?? false }

    /// The address a session cookie's value opens, while it lasts.
    func email(inSession value: String?) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: ".").map(String.init)
        guard parts.count == 3, let expiry = Int(parts[0]), Double(expiry) > now().timeIntervalSince1970,
            tokens.accepts(parts[2], "my-reports-session", parts[0] + "." + parts[1]),
            let bytes = Hex.decode(Substring(parts[1]))
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - What the owner does

    /// Everything the address has, for its page.
    func overview(of email: String) async throws -> MyReportsOverview {
        let watches = try await store.watches(withEmail: email)
        var watched: [(SightingWatch, Announcement?)] = []
        for watch in watches { watched.append((watch, try? await store.find(watch.reportID))) }
        let subscriptions = try await store.subscriptions(withEmail: email)
        let reports = try await store.reports(withEmail: email, limit: 200)
        var filedAsFound: Set<AnnouncementID> = []
        for report in reports where await announcements.filedKind(of: report) == .found { filedAsFound.insert(report.id) }
        return MyReportsOverview(
            email: email, reports: reports, filedAsFound: filedAsFound, watches: watched,
            subscriptions: subscriptions.map { ($0, alerts.links($0.id)) })
    }

    /// A new code for one of the address's reports, with the report: the old code stops working at once,
    /// the new one is e-mailed too. `StoreError.notFound` for a report that is not the address's.
    func replaceCode(of id: AnnouncementID, email: String) async throws -> (report: Announcement, code: String) {
        let report = try await store.find(id)
        guard report.email?.lowercased() == email.lowercased() else { throw StoreError.notFound }
        let code = String(Int.random(in: 100_000...999_999))
        let mail = announcements.notifier?.codeMail(for: report, code: code, replaced: true)
        try await store.replacePasswordHash(of: id, with: try await announcements.hasher.hash(code), outbox: mail.map { [$0] } ?? [])
        announcements.notifier?.doorbell.ring()
        return (report, code)
    }

    func stopWatch(_ sightingID: String, email: String) async throws {
        guard try await store.forgetWatch(sightingID, email: email) else { throw StoreError.notFound }
    }
}

/// What one address has: its reports, the sightings it watches (with their reports), its alert
/// subscriptions (with their e-mailed links).
struct MyReportsOverview {
    var email: String
    var reports: [Announcement]
    /// Those of `reports` filed as found (closed ones included), for their wording.
    var filedAsFound: Set<AnnouncementID>
    var watches: [(SightingWatch, Announcement?)]
    var subscriptions: [(AlertSubscription, AlertLinks)]
}
