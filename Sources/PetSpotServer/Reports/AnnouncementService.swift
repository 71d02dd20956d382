import Foundation
import Logging
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// The report use cases shared by the API and the web pages: create with a management password, read,
/// owner changes behind that password (with lock-out), photo replacement, deletion with the photo.
public struct AnnouncementService: Sendable {
    /// The stores it needs, and no more.
    public typealias Stores = AnnouncementStore & ModerationStore & MyReportsStore & RequestKeyStore & SearchStore & SightingStore
    let store: any Stores
    let photos: PhotoStorage
    let hasher: PasswordHasher
    let lockout: LockoutPolicy
    /// Queues the e-mails and match scans that reports cause; nil sends nothing.
    let notifier: ReportNotifier?
    let now: @Sendable () -> Date
    /// How many reports one client may file in the lock-out window (`--report-limit`).
    var reportRule = LockoutPolicy.reportClient
    /// Names each new report's place, kept with it for search; nil leaves it unnamed.
    var places: PlaceDirectory?
    /// Remembers the networks that filed reports, whose flags then weigh more; nil remembers nothing.
    var history: ClientHistory?
    /// Look-alikes are on: a report's match scan waits for its photo's look (`LooksService`).
    var scansAfterLook = false
    /// Signs the codes of reports filed under an idempotency key; nil: such requests are refused.
    var tokens: KeyedTokens?
    /// Runs the copies of one keyed request (a create, a queued message) one at a time in this process.
    let oneAtATime = SubmissionGate()

    public init(
        store: any Stores, photos: PhotoStorage, hasher: PasswordHasher = PasswordHasher(),
        lockout: LockoutPolicy, notifier: ReportNotifier? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.photos = photos
        self.hasher = hasher
        self.lockout = lockout
        self.notifier = notifier
        self.now = now
    }

    /// Stores a validated report and returns it with its new 6-digit management password; the code
    /// e-mail (in `language`) is queued in the same transaction, once a day per address (the address may
    /// be a stranger's). `client` is limited in how many reports it files (`AccessError.tooMany`). Under
    /// `key` (an idempotency key), a retry answers the report the key filed, with the same code.
    /// `codeMailed`: whether this call queued the code e-mail; nil for a retry, whose first call did or not.
    public func create(_ input: ValidatedAnnouncement, language: String = "en", client: String? = nil, key: String? = nil) async throws
        -> (announcement: Announcement, password: String, codeMailed: Bool?)
    {
        guard let key else { return try await creating(input, language: language, client: client, key: nil) }
        // One at a time under a key: parallel retries (a page's and its service worker's) find the first
        // one's report instead of racing it for the day's code e-mail.
        return try await oneAtATime.run(key) { try await creating(input, language: language, client: client, key: key) }
    }

    private func creating(_ input: ValidatedAnnouncement, language: String, client: String?, key: String?) async throws
        -> (announcement: Announcement, password: String, codeMailed: Bool?)
    {
        let requestKey = try key.map { try self.requestKey($0, for: input, language: language) }
        if let requestKey, let earlier = try await self.earlier(requestKey) { return (earlier.announcement, earlier.password, nil) }
        if let client {
            try await BlockList(store: store, now: now).check(email: input.email, client: client)
            try await lockout.spend([(reportRule, client)], on: .report)
        }
        let id = AnnouncementID.generate(), created = Self.millisecondPrecision(now())
        let password: String
        if let requestKey {
            guard let code = code(for: requestKey, id: id) else { throw RetryError.invalidKey }
            password = code
        } else {
            var generator = SystemRandomNumberGenerator()
            password = String(Int.random(in: 100_000...999_999, using: &generator))
        }
        var announcement = Announcement(
            id: id, pet: input.pet, location: input.location, lastSeenDate: input.lastSeenDate, email: input.email, phone: input.phone,
            photoURL: nil, status: input.status, reward: input.reward, createdAt: created, updatedAt: created, language: language,
            contactRelayed: input.contactRelayed)
        announcement.placeName = await places?.publicLabel(for: input.location)?.name
        var outbox = notifier?.codeMail(for: announcement, code: password).map { [$0] } ?? []
        // The day's code e-mail to this mailbox, taken now and given back when nothing is filed (a taken
        // chip number, a replayed key), so a refused report cannot spend the owner's.
        var mailUse: String?
        if let email = announcement.email, !outbox.isEmpty {
            mailUse = await lockout.take(LockoutPolicy.unaskedCode, ContactRules.mailboxKey(email))
            if mailUse == nil { outbox = [] }
        }
        let hash = try await hasher.hash(password)
        let earlier = try await file(
            announcement, privateDetails: input.privateDetails, passwordHash: hash, outbox: outbox, key: requestKey, mailUse: mailUse)
        if let earlier, let requestKey {
            if let mailUse { await lockout.giveBack(mailUse) }
            let replayed = try await replay(earlier, requestKey)
            return (replayed.announcement, replayed.password, nil)
        }
        if !outbox.isEmpty { notifier?.doorbell.ring() }
        if let client { await history?.note(client, at: created) }
        return (announcement, password, !outbox.isEmpty)
    }

    /// Files the report (under `key`: the report that key filed before, if any); when nothing is filed the
    /// day's code e-mail `mailUse` took is given back.
    private func file(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String, outbox: [OutboxEntry], key: RequestKey?,
        mailUse: String?
    ) async throws -> RequestKey.Earlier? {
        do {
            guard let key else {
                try await store.create(announcement, privateDetails: privateDetails, passwordHash: passwordHash, outbox: outbox)
                return nil
            }
            return try await store.create(announcement, privateDetails: privateDetails, passwordHash: passwordHash, outbox: outbox, key: key)
        } catch {
            if let mailUse { await lockout.giveBack(mailUse) }
            throw error
        }
    }

    public func find(_ id: AnnouncementID) async throws -> Announcement { try await store.find(id) }

    /// A report as the public may see it: `ModerationError.underReview` while moderation holds or hides
    /// it (or marked it a duplicate: its `duplicateOf` is where to look).
    public func findPublic(_ id: AnnouncementID) async throws -> Announcement {
        let report = try await store.find(id)
        guard report.moderation == .visible else { throw ModerationError.underReview }
        return report
    }

    /// What the report keeps out of public view: for its owner (after the code) and its matches' e-mails.
    public func privateDetails(of id: AnnouncementID) async throws -> PrivateDetails { try await store.privateDetails(of: id) }

    /// The kind a report was filed as, `.missing` or `.found`, for its wording: its status while it is open,
    /// its private details' record once it is closed (missing when that cannot be read).
    func filedKind(of report: Announcement) async -> AnnouncementStatus {
        guard report.status == .closed else { return report.status }
        return (try? await store.privateDetails(of: report.id).reportedAs) ?? .missing
    }

    /// Gives a report without an e-mail address one (its owner's, typed on the manage page).
    func addEmail(_ email: String, to id: AnnouncementID) async throws { _ = try await store.addEmail(email, to: id) }

    /// The messages relayed to a report's owner, kept for them to flag.
    func relayedMessages(of id: AnnouncementID) async throws -> [RelayedMessage] { try await store.relayedMessages(of: id) }

    /// Report ids that start with `prefix` (two at most: enough to tell one from several).
    public func ids(startingWith prefix: String) async throws -> [AnnouncementID] {
        try await store.ids(startingWith: prefix, limit: 2)
    }

    /// The open report of the same kind that already carries the chip a new report would (creating one
    /// would be refused).
    public func reportHolding(chip: String?, kind: ReportForm.Kind) async throws -> AnnouncementID? {
        guard let chip else { return nil }
        return try await store.openReport(microchip: chip, status: kind == .missing ? .missing : .found)
    }

    /// The ranked match candidates of a report (for its owner).
    public func matches(for report: Announcement) async throws -> [AnnouncementMatch] {
        try await notifier?.matches(for: report) ?? []
    }

    /// Checks a management code: `StoreError.notFound` for an unknown report, `AccessError.locked` while
    /// a budget is spent (the report's from the client's network, the report's daily one, the client's),
    /// `AccessError.wrongSecret` for a wrong code.
    public func authorize(_ id: AnnouncementID, password: String, client: String) async throws {
        let hash = try await store.passwordHash(of: id)
        let budgets = [
            (LockoutPolicy.announcementCode, "\(ClientKey.network(of: client)) \(id.rawValue)"),
            (LockoutPolicy.announcementCodeDaily, id.rawValue), (LockoutPolicy.clientCode, client),
        ]
        try await lockout.check(budgets) {
            await hasher.verify(password, against: hash)
        }
    }

    /// What the owner's web grants are bound to: the stored code (its hash), so a new code ends every
    /// grant made with the old one.
    public func codeVersion(of id: AnnouncementID) async throws -> String { try await store.passwordHash(of: id) }

    /// Applies an owner's changes; a report closed now tells those who saw the pet and asked.
    public func update(_ id: AnnouncementID, changes: AnnouncementChanges) async throws -> Announcement {
        let updated = try await store.update(id, changes: changes, at: Self.millisecondPrecision(now()))
        // The change stands either way; a failure here leaves the addresses for the next closing.
        if updated.status == .closed { try? await notifier?.tellWatchers(updated) }
        return updated
    }

    /// Stored timestamps keep milliseconds; dropping the rest keeps order and cursors exact.
    static func millisecondPrecision(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
