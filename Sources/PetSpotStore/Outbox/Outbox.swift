import Foundation
import PetSpotDomain

/// Work the server owes after a change, written in the same transaction as the change: an e-mail to
/// send, or a report to compare with the others (which may queue e-mails of its own). A background
/// worker claims due entries, carries them out and marks them done exactly once.
public struct OutboxEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `payload` is an `OutgoingMail` as JSON.
        case email
        /// `payload` is a report's id and its new management code, separated by a space: the code e-mail,
        /// written in the report's language when it is sent, not while its owner waits for the answer.
        case codeMail = "code-mail"
        /// `payload` is the id of a report that just became visible.
        case matchScan = "match-scan"
        /// `payload` is the id of a report whose owner is to hear of its new sightings.
        case sightingNotice = "sighting-notice"
        /// `payload` is the id of a report that just became visible, to tell the subscriptions near it.
        case alertScan = "alert-scan"
        /// `payload` is the id of a missing report whose likely area grew into a new band: the
        /// subscriptions it reaches now are told, once each.
        case areaScan = "area-scan"
        /// `payload` is a subscription whose digest of the day's reports is due.
        case alertDigest = "alert-digest"
        /// `payload` is an e-mail address that asked for its "my reports" link: sent only when
        /// the address has something, decided here rather than where it was asked, so the asking looks alike.
        case myReportsLink = "my-reports-link"
    }

    public var id: String
    public var kind: Kind
    public var payload: String
    public var createdAt: Date
    /// Attempts so far, the current one included once claimed.
    public var attempts: Int
    /// Not due before this (nil: at once); read back as nil.
    public var availableAt: Date?

    public init(
        kind: Kind, payload: String, createdAt: Date, id: String = UUID().uuidString.lowercased(), attempts: Int = 0,
        availableAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.payload = payload
        self.createdAt = createdAt
        self.attempts = attempts
        self.availableAt = availableAt
    }
}

/// An entry with where it stands, for operators and tests.
public struct OutboxRecord: Sendable, Equatable {
    public enum State: String, Sendable { case pending, done, failed }
    public var entry: OutboxEntry
    public var state: State
    public var lastError: String?
}

/// A missing and a found report the matcher paired. A pair is recorded once; its `message` (the
/// owner's notification) is queued only when the pair is new, so nobody hears of one pair twice.
public struct MatchNotice: Sendable, Equatable {
    public var missing: AnnouncementID
    public var found: AnnouncementID
    public var message: OutboxEntry?

    public init(missing: AnnouncementID, found: AnnouncementID, message: OutboxEntry?) {
        self.missing = missing
        self.found = found
        self.message = message
    }
}

/// The outbox and what matching needs from the store.
public protocol OutboxStore: Sendable {
    /// Queues entries on their own (a relayed message), in one transaction.
    func enqueueOutbox(_ entries: [OutboxEntry]) async throws
    /// Claims up to `limit` due pending entries for `lease` seconds, oldest first. A claim counts an
    /// attempt; an entry whose claimant died becomes due again when its lease ends.
    func claimOutbox(now: Date, lease: TimeInterval, limit: Int) async throws -> [OutboxEntry]
    /// Marks a pending entry done, erasing its payload (an e-mail may hold a management code), and in the
    /// same transaction records `notices`, queueing the messages of pairs not seen before. False, with
    /// nothing changed, when the entry is not pending (another worker finished it).
    func completeOutbox(_ id: String, at: Date, notices: [MatchNotice]) async throws -> Bool
    /// Records a failed attempt: due again at `retryAt`, or failed for good when nil.
    func failOutbox(_ id: String, error: String, retryAt: Date?) async throws
    /// Every entry, oldest first.
    func outbox() async throws -> [OutboxRecord]
    /// How many messages wait to be sent, and when the oldest of them was queued.
    func outboxBacklog() async throws -> (pending: Int, oldest: Date?)
    /// What the matcher should look at for `report`: open, visible reports of the opposite kind with
    /// its microchip number, or within `AnnouncementMatcher.radiusKm` and its candidate dates.
    func matchCandidates(for report: Announcement) async throws -> [Announcement]
}

extension AnnouncementStore {
    public func create(_ announcement: Announcement, passwordHash: String) async throws {
        try await create(announcement, passwordHash: passwordHash, outbox: [])
    }

    public func setPhoto(_ id: AnnouncementID, url: String, file: String, at now: Date) async throws -> String? {
        try await setPhoto(id, url: url, file: file, at: now, outbox: [])
    }
}

extension AnnouncementStatus {
    /// The kind a match is looked for among: found for missing and missing for found.
    public var matchingKind: AnnouncementStatus? {
        switch self {
        case .missing: return .found
        case .found: return .missing
        case .closed: return nil
        }
    }
}

extension Sequence where Element == Announcement {
    /// Without repeats, the first of each id kept.
    func uniqueByID() -> [Announcement] {
        var seen = Set<AnnouncementID>()
        return filter { seen.insert($0.id).inserted }
    }
}
