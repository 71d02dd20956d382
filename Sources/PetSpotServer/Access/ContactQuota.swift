import Foundation
import PetSpotDomain
import PetSpotStore

/// Stops bulk harvesting of contact details (issue 13): each client is handed at most `limit` public
/// e-mail addresses or phone numbers an hour, counted per report shown, over the API's list and report
/// answers and the web's report pages. Past it, reports are shown with their contact withheld (the
/// message form still reaches the reporter). Counted in the database, so every instance shares one budget.
struct ContactQuota: Sendable {
    static let defaultLimit = 1000
    let store: any ContactQuotaStore
    var limit = ContactQuota.defaultLimit
    var now: @Sendable () -> Date = Date.init

    /// True when `client` may be handed the public contacts of `reports` now (they are counted).
    /// A failing database withholds rather than hands out.
    func allows(_ reports: [Announcement], client: String) async -> Bool {
        await allows(count: reports.filter(\.hasPublicContact).count, client: client)
    }

    /// True when `client` may be handed `count` more public contacts now (they are counted).
    func allows(count: Int, client: String) async -> Bool {
        guard count > 0 else { return true }
        let hour = Int(now().timeIntervalSince1970 / 3600)
        return (try? await store.takeContactQuota(client: client, hour: hour, amount: count, limit: limit)) ?? false
    }
}

extension Announcement {
    /// A public report with an e-mail address or a phone number to show.
    var hasPublicContact: Bool { !contactRelayed && (email != nil || phone != nil) }

    /// The report with its e-mail and phone left out (the client's hourly quota is spent).
    var withContactWithheld: Announcement {
        var copy = self
        copy.email = nil
        copy.phone = nil
        return copy
    }
}
