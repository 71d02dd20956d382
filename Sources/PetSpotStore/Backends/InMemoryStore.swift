import Foundation
import PetSpotDomain

/// The in-memory twin of the real stores, for tests and demos. Same contract, nothing kept.
public actor InMemoryStore: PetSpotStorage {
    var announcements: [AnnouncementID: (announcement: Announcement, hash: String)] = [:]
    private var users: [String: User] = [:]
    var attempts: [(key: String, at: Date, id: String)] = []
    var photoFiles: [AnnouncementID: String] = [:]
    var outboxRecords: [OutboxRecord] = []
    var outboxDue: [String: Date] = [:]
    var matchedPairs: Set<[AnnouncementID]> = []
    private var privateDetails: [AnnouncementID: PrivateDetails] = [:]
    /// What the other capabilities keep, in their own extensions.
    var sightingRows: [String: SightingRow] = [:]
    var contactQuota: [ContactQuotaKey: Int] = [:]
    var alertSubscriptions: [String: AlertSubscription] = [:]
    var alertDeliveries: [AlertDeliveryRow] = []
    var checkIns: [AnnouncementID: CheckInRow] = [:]
    var moderation = InMemoryModeration()
    var myReportsLinks: [String: MyReportsLink] = [:]
    var searchPlans: [AnnouncementID: SearchPlanState] = [:]
    var searchedAreaRows: [AnnouncementID: [SearchedArea]] = [:]
    var directory: [DirectoryPlace] = []
    var requestKeys: [String: (earlier: RequestKey.Earlier, at: Date)] = [:]
    var photoLooks: [LookSubject.Key: (file: String, look: PhotoLook?)] = [:]

    public init() {}

    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String,
        outbox: [OutboxEntry]
    ) throws {
        try checkChip(of: announcement)
        announcements[announcement.id] = (announcement, passwordHash)
        self.privateDetails[announcement.id] = privateDetails ?? PrivateDetails(reportedAs: announcement.status)
        enqueue(outbox)
    }

    /// A chip is unique per kind among open reports, as the SQL stores' partial unique index has it.
    private func checkChip(of announcement: Announcement) throws {
        guard let chip = announcement.microchipNumber, announcement.status != .closed else { return }
        if announcements.values.contains(where: {
            $0.announcement.id != announcement.id && $0.announcement.microchipNumber == chip && $0.announcement.status == announcement.status
        }) {
            throw StoreError.conflict(field: "microchipNumber")
        }
    }

    public func setSearchAnswers(_ answers: SearchAnswers, of id: AnnouncementID) throws {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        var details = privateDetails[id] ?? .kindOnly(status: entry.announcement.status)
        details.searchAnswers = answers
        privateDetails[id] = details
    }

    public func privateDetails(of id: AnnouncementID) throws -> PrivateDetails {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        return privateDetails[id] ?? .kindOnly(status: entry.announcement.status)
    }

    public func ids(startingWith prefix: String, limit: Int) -> [AnnouncementID] {
        Array(announcements.keys.filter { $0.rawValue.hasPrefix(prefix) }.sorted { $0.rawValue < $1.rawValue }.prefix(max(1, limit)))
    }

    public func openReport(microchip: String, status: AnnouncementStatus) -> AnnouncementID? {
        announcements.values.first { $0.announcement.microchipNumber == microchip && $0.announcement.status == status }?.announcement.id
    }

    public func find(_ id: AnnouncementID) throws -> Announcement {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        return entry.announcement
    }

    public func find(_ ids: [AnnouncementID]) -> [Announcement] {
        ids.compactMap { announcements[$0]?.announcement }
    }

    public func list(_ query: AnnouncementQuery) -> [Announcement] {
        if let search = query.search { return searchList(query, search: search) }
        let sorted = announcements.values.map(\.announcement).filter { query.matches($0) && isListed($0.id, query) }.sorted {
            // The stored text of the time orders exactly as the SQL stores do.
            (Timestamp.string($0.createdAt), $0.id.rawValue) > (Timestamp.string($1.createdAt), $1.id.rawValue)
        }
        return Array(sorted.prefix(query.limit ?? .max))
    }

    public func count() -> Int { announcements.count }

    public func passwordHash(of id: AnnouncementID) throws -> String {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        return entry.hash
    }

    public func update(_ id: AnnouncementID, changes: AnnouncementChanges, at now: Date) throws -> Announcement {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        var updated = changes.applied(to: entry.announcement)
        updated.updatedAt = now
        try checkChip(of: updated)
        announcements[id] = (updated, entry.hash)
        return updated
    }

    public func setPhoto(_ id: AnnouncementID, url: String, file: String, at now: Date, outbox: [OutboxEntry]) throws -> String? {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        let previous = StoredPhoto.file(stored: photoFiles[id], url: entry.announcement.photoURL)
        var updated = entry.announcement
        updated.photoURL = url
        updated.updatedAt = now
        announcements[id] = (updated, entry.hash)
        photoFiles[id] = file
        enqueue(outbox)
        return previous
    }

    public func photoFile(of id: AnnouncementID, url: String, includeModerated: Bool) -> String? {
        guard let entry = announcements[id], entry.announcement.photoURL == url, includeModerated || entry.announcement.moderation == .visible else {
            return nil
        }
        return StoredPhoto.file(stored: photoFiles[id], url: url)
    }

    public func namedPhotoFiles() -> [String] {
        announcements.compactMap { id, entry in
            entry.announcement.photoURL?.hasPrefix("/images/") == true ? StoredPhoto.file(stored: photoFiles[id], url: entry.announcement.photoURL) : nil
        } + sightingRows.values.compactMap(\.photoFile)
    }

    public func delete(_ id: AnnouncementID) throws -> (announcement: Announcement, photoFile: String?) {
        guard let entry = announcements.removeValue(forKey: id) else { throw StoreError.notFound }
        privateDetails[id] = nil
        sightingRows = sightingRows.filter { $0.value.sighting.reportID != id }
        checkIns[id] = nil
        searchPlans[id] = nil
        searchedAreaRows[id] = nil
        return (entry.announcement, StoredPhoto.file(stored: photoFiles.removeValue(forKey: id), url: entry.announcement.photoURL))
    }

    public func create(_ user: User) throws {
        guard users[user.email] == nil else { throw StoreError.conflict(field: "email") }
        users[user.email] = user
    }

    public func find(email: String) -> User? { users[email] }

    public func close() {}
    public func ping() {}

    public func outboxBacklog() -> (pending: Int, oldest: Date?) {
        let pending = outboxRecords.filter { $0.state == .pending }
        return (pending.count, pending.map(\.entry.createdAt).min())
    }
}
