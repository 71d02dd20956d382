import Foundation
import PetSpotDomain

/// What a store refuses to do, in domain terms.
public enum StoreError: Error, Equatable, Sendable {
    /// No record has this id.
    case notFound
    /// A unique value (microchip number, e-mail) is taken; the name of the field.
    case conflict(field: String)
}

/// A position in the newest-first order: announcements strictly after it come next.
public struct AnnouncementCursor: Sendable, Equatable, Hashable {
    public var createdAt: String
    public var id: AnnouncementID

    public init(createdAt: String, id: AnnouncementID) {
        self.createdAt = createdAt
        self.id = id
    }

    public init(after announcement: Announcement) {
        self.init(createdAt: StoredDate.string(announcement.createdAt), id: announcement.id)
    }
}

/// Which announcements a list asks for. Results come newest first (created, then id, descending).
public struct AnnouncementQuery: Sendable, Equatable {
    /// Within `radiusKm` (strictly less) of `center`.
    public struct Nearby: Sendable, Equatable {
        public var center: Coordinate
        public var radiusKm: Double
        public init(center: Coordinate, radiusKm: Double) {
            self.center = center
            self.radiusKm = radiusKm
        }
    }

    public var nearby: Nearby?
    public var statuses: Set<AnnouncementStatus>
    /// Reports without a photo are hidden from lists, as the apps expect.
    public var withPhotoOnly: Bool
    public var limit: Int?
    public var after: AnnouncementCursor?

    public init(nearby: Nearby? = nil, statuses: Set<AnnouncementStatus> = [.missing, .found],
                withPhotoOnly: Bool = true, limit: Int? = nil, after: AnnouncementCursor? = nil) {
        self.nearby = nearby
        self.statuses = statuses
        self.withPhotoOnly = withPhotoOnly
        self.limit = limit
        self.after = after
    }

    /// True when `announcement` belongs in the result (order and limit aside).
    public func matches(_ announcement: Announcement) -> Bool {
        guard statuses.contains(announcement.status), !withPhotoOnly || announcement.photoURL != nil else { return false }
        if let after {
            let key = (StoredDate.string(announcement.createdAt), announcement.id.rawValue)
            guard key < (after.createdAt, after.id.rawValue) else { return false }
        }
        guard let nearby else { return true }
        return nearby.center.distanceKm(to: announcement.location) < nearby.radiusKm
    }
}

/// Announcements and their management-password hashes.
public protocol AnnouncementStore: Sendable {
    /// Stores a new announcement and queues `outbox` in the same transaction; `.conflict("microchipNumber")`
    /// when an open report of the same kind has its chip number.
    func create(_ announcement: Announcement, passwordHash: String, outbox: [OutboxEntry]) async throws
    func find(_ id: AnnouncementID) async throws -> Announcement
    func list(_ query: AnnouncementQuery) async throws -> [Announcement]
    func count() async throws -> Int
    func passwordHash(of id: AnnouncementID) async throws -> String
    /// Applies an owner's changes and returns the result; `.conflict("microchipNumber")` when reopening
    /// would give two open reports of one kind the same chip.
    func update(_ id: AnnouncementID, changes: AnnouncementChanges, at now: Date) async throws -> Announcement
    /// Points the announcement at a new photo and queues `outbox`. `commit` runs inside the transaction
    /// after the row is changed (it puts the file in place); if it throws, nothing changes. Returns the old URL.
    func setPhoto(_ id: AnnouncementID, url: String, at now: Date, outbox: [OutboxEntry],
                  commit: @Sendable () async throws -> Void) async throws -> String?
    /// Removes the announcement and returns what it was.
    func delete(_ id: AnnouncementID) async throws -> Announcement
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

/// Failed password attempts, kept where every server instance sees them, for lock-outs.
public protocol AuthFailureStore: Sendable {
    func recordFailure(scope: String, subject: String, at: Date) async throws
    /// The failures of `subject` since `since`, oldest first.
    func failures(scope: String, subject: String, since: Date) async throws -> [Date]
    /// Forgets failures older than `before`.
    func prune(before: Date) async throws
}

/// All the storage a server needs.
public protocol PetSpotStorage: AnnouncementStore, UserStore, AuthFailureStore, OutboxStore {
    func close() async throws
}

/// Timestamps as stored: ISO-8601 UTC with milliseconds, so text order is time order.
public enum StoredDate {
    public static func string(_ date: Date) -> String { Timestamp.string(date) }

    /// Reads ISO-8601 with or without milliseconds and SQLite's `YYYY-MM-DD HH:MM:SS`.
    public static func date(_ text: String) -> Date? {
        if let date = StoredDateParser.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text.replacingOccurrences(of: " ", with: "T") + "Z")
    }
}
