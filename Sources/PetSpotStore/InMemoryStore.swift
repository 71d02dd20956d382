import Foundation
import PetSpotDomain

/// The in-memory twin of the real stores, for tests and demos. Same contract, nothing kept.
public actor InMemoryStore: PetSpotStorage {
    private var announcements: [AnnouncementID: (announcement: Announcement, hash: String)] = [:]
    private var users: [String: User] = [:]
    private var failures: [String: [Date]] = [:]

    public init() {}

    public func create(_ announcement: Announcement, passwordHash: String) throws {
        if let chip = announcement.microchipNumber,
           announcements.values.contains(where: { $0.announcement.microchipNumber == chip }) {
            throw StoreError.conflict(field: "microchipNumber")
        }
        announcements[announcement.id] = (announcement, passwordHash)
    }

    public func find(_ id: AnnouncementID) throws -> Announcement {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        return entry.announcement
    }

    public func list(_ query: AnnouncementQuery) -> [Announcement] {
        let sorted = announcements.values.map(\.announcement).filter(query.matches).sorted {
            // The stored text of the time orders exactly as the SQL stores do.
            (StoredDate.string($0.createdAt), $0.id.rawValue) > (StoredDate.string($1.createdAt), $1.id.rawValue)
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
        announcements[id] = (updated, entry.hash)
        return updated
    }

    public func setPhoto(_ id: AnnouncementID, url: String, at now: Date,
                         commit: @Sendable () async throws -> Void) async throws -> String? {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        try await commit()
        var updated = entry.announcement
        updated.photoURL = url
        updated.updatedAt = now
        announcements[id] = (updated, entry.hash)
        return entry.announcement.photoURL
    }

    public func delete(_ id: AnnouncementID) throws -> Announcement {
        guard let entry = announcements.removeValue(forKey: id) else { throw StoreError.notFound }
        return entry.announcement
    }

    public func create(_ user: User) throws {
        guard users[user.email] == nil else { throw StoreError.conflict(field: "email") }
        users[user.email] = user
    }

    public func find(email: String) -> User? { users[email] }

    public func recordFailure(scope: String, subject: String, at: Date) {
        failures["\(scope)\u{0}\(subject)", default: []].append(at)
    }

    public func failures(scope: String, subject: String, since: Date) -> [Date] {
        (failures["\(scope)\u{0}\(subject)"] ?? []).filter { $0 >= since }.sorted()
    }

    public func prune(before: Date) {
        failures = failures.compactMapValues { dates in
            let kept = dates.filter { $0 >= before }
            return kept.isEmpty ? nil : kept
        }
    }

    public func close() {}
}
