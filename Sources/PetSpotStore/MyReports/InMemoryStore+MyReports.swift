import Foundation
import PetSpotDomain

/// An e-mailed link, as the SQL stores keep it.
struct MyReportsLink: Sendable {
    var email: String
    var expiresAt: Date
    var used = false
}

/// "My reports" in memory: the same contract as the SQL stores.
extension InMemoryStore {
    public func reports(withEmail email: String, limit: Int) -> [Announcement] {
        Array(
            announcements.values.map(\.announcement).filter { $0.email?.lowercased() == email.lowercased() }
                .sorted { (Timestamp.string($0.createdAt), $0.id.rawValue) > (Timestamp.string($1.createdAt), $1.id.rawValue) }
                .prefix(max(1, limit)))
    }

    public func watches(withEmail email: String) -> [SightingWatch] {
        sightingRows.values.filter { $0.watcher?.email.lowercased() == email.lowercased() }
            .map { SightingWatch(sightingID: $0.sighting.id, reportID: $0.sighting.reportID, seenAt: $0.sighting.seenAt) }
            .sorted { ($1.seenAt, $0.sightingID) < ($0.seenAt, $1.sightingID) }
    }

    public func subscriptions(withEmail email: String) -> [AlertSubscription] {
        alertSubscriptions.values.filter { $0.email.lowercased() == email.lowercased() }.sorted { ($1.createdAt, $0.id) < ($0.createdAt, $1.id) }
    }

    public func forgetWatch(_ sightingID: String, email: String) -> Bool {
        guard sightingRows[sightingID]?.watcher?.email.lowercased() == email.lowercased() else { return false }
        sightingRows[sightingID]?.watcher = nil
        return true
    }

    public func replacePasswordHash(of id: AnnouncementID, with hash: String, outbox: [OutboxEntry]) throws {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        announcements[id] = (entry.announcement, hash)
        enqueue(outbox)
    }

    public func addEmail(_ email: String, to id: AnnouncementID) throws -> Bool {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        guard entry.announcement.email == nil else { return false }
        announcements[id]?.announcement.email = email
        return true
    }

    public func createLink(nonce: String, email: String, expiresAt: Date) {
        myReportsLinks[nonce] = MyReportsLink(email: email, expiresAt: expiresAt)
    }

    public func redeemLink(nonce: String, at: Date) -> String? {
        guard let link = myReportsLinks[nonce], !link.used, link.expiresAt > at else { return nil }
        myReportsLinks[nonce]?.used = true
        return link.email
    }
}
