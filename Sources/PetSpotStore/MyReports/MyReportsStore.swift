import Foundation
import PetSpotDomain

/// "My reports" without an account: everything one e-mail address has (reports, sighting
/// watches, alert subscriptions; the address compared without regard to case), the e-mailed links that
/// open it, each good once, and a report's code replaced or its address added.
public protocol MyReportsStore: Sendable {
    /// The reports filed with `email`, open and closed, newest first.
    func reports(withEmail email: String, limit: Int) async throws -> [Announcement]
    /// The sightings whose author asked, with `email`, to hear when the pet is found.
    func watches(withEmail email: String) async throws -> [SightingWatch]
    /// The alert subscriptions of `email`.
    func subscriptions(withEmail email: String) async throws -> [AlertSubscription]
    /// Forgets the address of a sighting's watcher when it is `email`; false when it is not.
    func forgetWatch(_ sightingID: String, email: String) async throws -> Bool
    /// Replaces a report's code hash (the old code stops working at once) and queues `outbox`.
    func replacePasswordHash(of id: AnnouncementID, with hash: String, outbox: [OutboxEntry]) async throws
    /// Gives a report without an e-mail address one; `.notFound` for no such report, false when it has one.
    func addEmail(_ email: String, to id: AnnouncementID) async throws -> Bool
    /// Records an e-mailed link: `nonce` opens `email`'s reports once, until `expiresAt`.
    func createLink(nonce: String, email: String, expiresAt: Date) async throws
    /// The address a link opens, once: nil when it is unknown, used or expired at `at`. Atomic: of two
    /// uses at once, on any instances, one gets the address.
    func redeemLink(nonce: String, at: Date) async throws -> String?
}

enum MyReportsSchema {
    static func statements(real: String) -> [String] {
        [
            "CREATE INDEX announcement_email ON announcement(lower(email)) WHERE email IS NOT NULL",
            "CREATE INDEX sighting_watcher ON sighting(lower(watcher_email)) WHERE watcher_email IS NOT NULL",
            "CREATE INDEX alert_subscription_email ON alert_subscription(lower(email))",
            "CREATE TABLE my_reports_link (nonce TEXT PRIMARY KEY, email TEXT NOT NULL, expires_at \(real) NOT NULL, used_at \(real))",
            "CREATE INDEX my_reports_link_age ON my_reports_link(expires_at)",
        ]
    }
}
