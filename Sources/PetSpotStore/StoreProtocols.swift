import Foundation
import PetSpotDomain

/// What a store refuses to do, in domain terms.
public enum StoreError: Error, Equatable, Sendable {
    /// No record has this id.
    case notFound
    /// A unique value (microchip number, e-mail) is taken; the name of the field.
    case conflict(field: String)
    /// The disk (or the database's) is full: nothing was written; an error answer, never a crash.
    case full
    /// The database cannot be reached now (no connection within a few seconds): try again later.
    case unavailable

    /// `error`, as `.full` when it says the disk or a quota is full (`ENOSPC`, `EDQUOT`, SQLite's
    /// `SQLITE_FULL`), else unchanged.
    public static func classify(_ error: any Error) -> any Error {
        isDiskFull(error) ? StoreError.full : error
    }

    static func isDiskFull(_ error: any Error) -> Bool {
        if case StoreError.full = error { return true }
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace || cocoa.code == .fileWriteVolumeReadOnly { return true }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain, [Int(ENOSPC), Int(EDQUOT)].contains(ns.code) { return true }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error { return isDiskFull(underlying) }
        return false
    }
}

/// A position in the newest-first order: announcements strictly after it come next.
public struct AnnouncementCursor: Sendable, Equatable, Hashable {
    public var createdAt: String
    public var id: AnnouncementID

    public init(createdAt: String, id: AnnouncementID) {
        self.createdAt = createdAt
        self.id = id
    }

    public init(after announcement: Announcement, tier: Int? = nil) {
        self.init(createdAt: Timestamp.string(announcement.createdAt), id: announcement.id)
        self.tier = tier
    }

    /// In a search by relevance, how many terms the report at the cursor met: the page goes on with the
    /// older reports of that tier, then the lower tiers.
    public var tier: Int?
}

/// Announcements and their management-password hashes.
public protocol AnnouncementStore: Sendable {
    /// Stores a new announcement and queues `outbox` in the same transaction; `.conflict("microchipNumber")`
    /// when an open report of the same kind has its chip number. `privateDetails` are kept beside it (nil:
    /// only its kind).
    func create(_ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String, outbox: [OutboxEntry]) async throws
    /// What the report keeps out of public view; `.notFound` when there is no such report. A report with
    /// none stored answers its kind from its status (closed ones as missing).
    func privateDetails(of id: AnnouncementID) async throws -> PrivateDetails
    /// Replaces the owner's answers about how the pet lives; `StoreError.notFound` for no such report.
    func setSearchAnswers(_ answers: SearchAnswers, of id: AnnouncementID) async throws
    /// Up to `limit` report ids that start with `prefix`, in order (the flyers' short links).
    func ids(startingWith prefix: String, limit: Int) async throws -> [AnnouncementID]
    /// The open report of `status` that carries `microchip`, if any (at most one can: see `create`).
    func openReport(microchip: String, status: AnnouncementStatus) async throws -> AnnouncementID?
    func find(_ id: AnnouncementID) async throws -> Announcement
    /// Those of `ids` that exist, in the order given.
    func find(_ ids: [AnnouncementID]) async throws -> [Announcement]
    func list(_ query: AnnouncementQuery) async throws -> [Announcement]
    func count() async throws -> Int
    func passwordHash(of id: AnnouncementID) async throws -> String
    /// Applies an owner's changes and returns the result; `.conflict("microchipNumber")` when reopening
    /// would give two open reports of one kind the same chip.
    func update(_ id: AnnouncementID, changes: AnnouncementChanges, at now: Date) async throws -> Announcement
    /// Points the announcement at a new photo and queues `outbox`: `url` is the photo's public address,
    /// `file` the name of its file in the photo folder, put there beforehand under a name nothing serves
    /// until this commits. Returns the previous photo's file, for the caller to delete after the commit.
    func setPhoto(_ id: AnnouncementID, url: String, file: String, at now: Date, outbox: [OutboxEntry]) async throws -> String?
    /// The file behind report `id`'s photo when the photo's public address is `url`; nil when there is
    /// no such report or it shows another photo. Photos are served through this, so a file the database
    /// does not name is never served.
    func photoFile(of id: AnnouncementID, url: String, includeModerated: Bool) async throws -> String?
    /// Removes the announcement and returns what it was, with its photo's file.
    func delete(_ id: AnnouncementID) async throws -> (announcement: Announcement, photoFile: String?)
    /// Every photo file a row names, reports' (served from `/images/`) and sightings' alike, for
    /// `petspot photos check`.
    func namedPhotoFiles() async throws -> [String]
}

/// A registered user.
public struct User: Sendable, Equatable {
    public var id: String
    public var email: String
    public var passwordHash: String
    public var createdAt: Date

    public init(id: String, email: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Users by e-mail.
public protocol UserStore: Sendable {
    /// `.conflict("email")` when the e-mail is registered.
    func create(_ user: User) async throws
    func find(email: String) async throws -> User?
}

/// All the storage a server needs.
public protocol PetSpotStorage: AnnouncementStore, UserStore, AuthFailureStore, OutboxStore, SightingStore, ContactQuotaStore, AlertStore, CheckInStore,
    ModerationStore, ClientHistoryStore, MyReportsStore, SearchStore, SearchPlanStore, RequestKeyStore, LookStore
{
    /// Answers when the database can be queried right now; throws otherwise.
    func ping() async throws
    func close() async throws
    /// A counter every change to what a list can show moves (`ListChangeSchema`); nil when the store keeps none.
    func listChangeStamp() async throws -> Int64?
}

/// Timestamps as stored: ISO-8601 UTC with milliseconds (`Timestamp.string`), so text order is time order.
public enum StoredDate {
    /// Reads ISO-8601 with or without milliseconds and SQLite's `YYYY-MM-DD HH:MM:SS`.
    public static func date(_ text: String) -> Date? {
        StoredDateParser.parse(text) ?? Timestamp.date(text) ?? Timestamp.date(text.replacingOccurrences(of: " ", with: "T") + "Z")
    }
}

extension [Announcement] {
    /// These reports in the order of `ids`, those missing left out: what `find(_ ids:)` answers.
    func ordered(as ids: [AnnouncementID]) -> [Announcement] {
        let byID = Dictionary(map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}

extension AnnouncementStore {
    /// The file behind a report's photo, held and hidden reports' too (the sweeper's question).
    public func photoFile(of id: AnnouncementID, url: String) async throws -> String? {
        try await photoFile(of: id, url: url, includeModerated: true)
    }

    /// Stores a report with no private details but its kind.
    public func create(_ announcement: Announcement, passwordHash: String, outbox: [OutboxEntry]) async throws {
        try await create(announcement, privateDetails: nil, passwordHash: passwordHash, outbox: outbox)
    }
}
