import Foundation
import PetSpotDomain
import PetSpotStore

/// What PetSpot tells people about reports, as outbox entries: the management code when a report is
/// filed, a match scan when a report becomes visible, and the owners' match notices a scan finds.
public struct ReportNotifier: Sendable {
    /// The stores it needs, and no more.
    public typealias Stores = AlertStore & AnnouncementStore & LookStore & OutboxStore & SearchPlanStore & SightingStore
    let store: any Stores
    /// Writes the e-mails, in each reader's language.
    let mails: any MailWriter
    /// The public address of the web app, for the links in e-mails (`PETSPOT_PUBLIC_URL`).
    let baseURL: String
    let now: @Sendable () -> Date
    /// Wakes the outbox worker when something was queued, so it goes out at once.
    let doorbell = Doorbell()
    /// Names the reports' places in the e-mails.
    let places = PlaceDirectory()
    /// The most owners one new report alerts, best matches first.
    static let maximumNotices = 10
    /// Caps the match e-mails to one mailbox (`LockoutPolicy.unaskedMatch`); nil: no cap.
    let lockout: LockoutPolicy?

    public init(
        store: any Stores, mails: any MailWriter, baseURL: String, lockout: LockoutPolicy? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.lockout = lockout
        self.mails = mails
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.now = now
    }

    /// The code e-mail for a new report (or, `replaced`, a new code), when it has an e-mail address: queued as
    /// the report and its code; the worker writes it (`codeMail(_:)`) when it sends it.
    func codeMail(for report: Announcement, code: String, replaced: Bool = false) -> OutboxEntry? {
        guard report.email != nil else { return nil }
        return OutboxEntry(kind: .codeMail, payload: report.id.rawValue + " " + code + (replaced ? " replaced" : ""), createdAt: now())
    }

    /// The e-mail a `codeMail(for:code:)` entry stands for, in the report's language; nil when the report is gone.
    func codeMail(_ entry: OutboxEntry) async throws -> MailContent? {
        let parts = entry.payload.split(separator: " ")
        guard parts.count == 2 || (parts.count == 3 && parts[2] == "replaced") else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a code e-mail names a report and its code"))
        }
        let report: Announcement
        do { report = try await store.find(AnnouncementID(String(parts[0]))) } catch StoreError.notFound { return nil }
        return mails.managementCode(
            report, code: String(parts[1]), place: await places.label(for: report.location), baseURL: baseURL, replaced: parts.count == 3)
    }

    /// The job to compare a report that just became visible, or whose photo's look was just made, with the
    /// others (pairs already told of are not told again).
    func matchScan(for id: AnnouncementID) -> OutboxEntry {
        OutboxEntry(kind: .matchScan, payload: id.rawValue, createdAt: now())
    }

    /// The ranked matches of an open, visible report (none for a closed or hidden one), photos compared where
    /// both looks are made.
    public func matches(for report: Announcement) async throws -> [AnnouncementMatch] {
        guard report.status != .closed, report.photoURL != nil, report.moderation == .visible else { return [] }
        let candidates = try await store.matchCandidates(for: report)
        let looks = try await store.looks(ofReports: [report.id] + candidates.map(\.id))
        let own = looks[report.id]
        return AnnouncementMatcher.matches(for: report, among: candidates) { candidate in
            own.flatMap { own in looks[candidate.id].map { own.likeness(to: $0) } }
        }
    }

    /// One notice per match of the report: the pair, and the e-mail to the missing pet's owner.
    func notices(forReport id: AnnouncementID) async throws -> [MatchNotice] {
        let report: Announcement
        do { report = try await store.find(id) } catch StoreError.notFound { return [] }
        var notices: [MatchNotice] = []
        for match in try await matches(for: report).prefix(Self.maximumNotices) {
            let (missing, found) = report.status == .missing ? (report, match.candidate) : (match.candidate, report)
            var mail = mails.match(match, missing: missing, found: found, foundPlace: await places.publicLabel(for: found.location), baseURL: baseURL)
            if let address = mail?.to, !(await allowsMatchMail(to: address, pair: missing.id.rawValue + " " + found.id.rawValue)) { mail = nil }
            notices.append(MatchNotice(missing: missing.id, found: found.id, message: try mail.map(email)))
        }
        return notices
    }

    /// True unless `address` had its day's match e-mails; a pair compared before is not counted again (the
    /// store tells each pair once).
    private func allowsMatchMail(to address: String, pair: String) async -> Bool {
        guard let lockout, await lockout.deferral(LockoutPolicy.matchPair, pair) == nil else { return true }
        return await lockout.allowsUnasked(LockoutPolicy.unaskedMatch, to: address)
    }

    /// True unless `address` had its day's e-mails of `kind` (`LockoutPolicy.allowsUnasked`); no lockout, no cap.
    func allowsUnasked(_ kind: LockoutPolicy.Rule, to address: String) async -> Bool {
        await lockout?.allowsUnasked(kind, to: address) ?? true
    }

    /// A message to a reporter, queued on its own and sent at once.
    func relay(_ mail: MailContent, notBefore: Date? = nil) async throws {
        var entry = try email(mail)
        entry.availableAt = notBefore
        try await store.enqueueOutbox([entry])
        doorbell.ring()
    }

    func email(_ mail: MailContent) throws -> OutboxEntry {
        try Self.entry(mail, at: now())
    }

    static func entry(_ mail: MailContent, at time: Date) throws -> OutboxEntry {
        OutboxEntry(kind: .email, payload: String(decoding: try JSONEncoder().encode(mail), as: UTF8.self), createdAt: time)
    }
}

/// Wakes the worker (`OutboxWorker`) when this process queued something, so mail goes out at once
/// instead of at the next poll; rings are not counted, one wakes it.
public final class Doorbell: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    public func ring() { continuation.yield() }

    /// Returns at the next ring, or after `interval`, or when the task is cancelled.
    func wait(upTo interval: Duration) async {
        let timer = Task { [continuation] in
            try await Task.sleep(for: interval)
            continuation.yield()
        }
        defer { timer.cancel() }
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
    }
}
