import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// The owner's way in without the code: ten wrong codes from strangers lock a report's
/// code for 15 minutes (that stops guessing), so the owner can ask for a link, e-mailed to the address
/// the report was filed with, that opens the owner's view once, within 24 hours, whatever the lock. A link outlives the
/// day's cap on links to the address, so links a stranger asks for still let the owner in.
struct OwnerLinks: Sendable {
    let service: AnnouncementService
    let tokens: KeyedTokens
    /// As long as `perMailboxDay` counts: links a stranger asks for outlast the cap they spend.
    static let lifetime = LockoutPolicy.day
    /// Links asked for one report, and by one client, per 15 minutes.
    static let perReport = LockoutPolicy.Rule(scope: "owner-link-report", limit: 3)
    static let perClient = LockoutPolicy.Rule(scope: "owner-link-client", limit: 10)
    /// Links e-mailed to one address a day, whatever the reports and whoever asks: a reporter's inbox is
    /// not for strangers to fill. Counted by the address as written (case aside), as they are sent: reports
    /// a stranger files under a dot or `+tag` variant cannot spend the owner's links.
    static let perMailboxDay = LockoutPolicy.Rule(scope: "owner-link-mailbox-day", limit: 6, window: LockoutPolicy.day)
    /// A link's nonce, once used.
    static let used = LockoutPolicy.Rule(scope: "owner-link-used", limit: 1, window: lifetime)

    /// Queues the link for report `id` when it has an e-mail address and the limits allow; says nothing
    /// either way (the page is the same, so nobody learns whether a report has an address).
    func send(_ id: AnnouncementID, client: String) async throws {
        guard let report = try? await service.find(id), let email = report.email, let notifier = service.notifier else { return }
        do {
            try await service.lockout.spend([(Self.perClient, client), (Self.perReport, id.rawValue)], on: .message)
        } catch AccessError.tooMany {
            return
        }
        guard await service.lockout.deferral(Self.perMailboxDay, ContactRules.addressKey(email)) == nil else { return }
        guard let mail = notifier.mails.ownerLink(report, link: link(for: id)) else { return }
        try await notifier.relay(mail)
    }

    func link(for id: AnnouncementID) -> String {
        let expiry = Int(service.now().timeIntervalSince1970 + Self.lifetime)
        let nonce = Hex.random(bytes: 12)
        let route = WebRoute.manageLink(id: id.rawValue, expiry: expiry, nonce: nonce, token: token(id, expiry, nonce))
        return (service.notifier?.baseURL ?? "") + route.path
    }

    private func token(_ id: AnnouncementID, _ expiry: Int, _ nonce: String) -> String {
        tokens.token("owner-link-\(expiry)-\(nonce)", id.rawValue)
    }

    /// True for a link this server made for report `id` that has not expired (it may have been used).
    func isValid(_ id: AnnouncementID, expiry: Int?, nonce: String?, token: String?) -> Bool {
        guard let expiry, let nonce, nonce.count == 24, Double(expiry) > service.now().timeIntervalSince1970,
            Double(expiry) <= service.now().timeIntervalSince1970 + Self.lifetime
        else { return false }
        return tokens.accepts(token, "owner-link-\(expiry)-\(nonce)", id.rawValue)
    }

    /// True for a valid link not yet used: its question page (the GET) shows only while the link works.
    func isUnused(_ id: AnnouncementID, expiry: Int?, nonce: String?, token: String?) async -> Bool {
        guard isValid(id, expiry: expiry, nonce: nonce, token: token), let nonce else { return false }
        return await service.lockout.hasRoom(Self.used, nonce)
    }

    /// True once for a valid link: the first use, on any instance.
    func redeem(_ id: AnnouncementID, expiry: Int?, nonce: String?, token: String?) async -> Bool {
        guard isValid(id, expiry: expiry, nonce: nonce, token: token), let nonce else { return false }
        return await service.lockout.deferral(Self.used, nonce) == nil
    }
}
