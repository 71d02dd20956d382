import Foundation
import NIOConcurrencyHelpers
import PetSpotDomain
import PetSpotStore

/// Stops bulk harvesting of contact details: each client is handed at most `limit` public
/// e-mail addresses or phone numbers in any rolling hour, counted per report shown, over the API's list
/// and report answers, the web's report pages and flyers. Past it, reports are shown with their contact
/// withheld (the message form still reaches the reporter).
///
/// Shared by every instance without a database write per read: an instance leases a block of
/// a client's budget from the database in one write and spends it in memory; a lease lasts for its
/// 10-minute slot (so what the database counted in a slot is what was handed in it, and the rolling
/// window of `windowSlots` slots holds), and a spent budget is remembered until the next slot. A failing
/// database withholds rather than hands out. One instance per server, shared by the API and the pages.
final class ContactQuota: Sendable {
    static let defaultLimit = 1000
    static let slotSeconds: Double = 600
    /// The current slot and the six before it: every rolling hour lies inside the counted span.
    static let windowSlots = 7

    let store: any ContactQuotaStore
    let limit: Int
    let now: @Sendable () -> Date
    /// The most one lease asks for beyond the need at hand: a tenth of the budget, so a busy client costs
    /// an instance a handful of writes a slot.
    var block: Int { max(1, limit / 10) }
    /// The first lease of a slot asks for a hundredth, and each next one for as much as those before it
    /// (up to `block`): what an instance leases and never spends (a restart, a client that reads a few
    /// reports) stays small, so restarts and instances do not eat a client's hour.
    var firstBlock: Int { max(1, limit / 100) }

    private struct Lease {
        var slot: Int
        var left: Int
        var spent: Bool
        /// What this slot's leases took from the store.
        var taken = 0
    }
    private let leases = NIOLockedValueBox<[String: Lease]>([:])

    init(store: any ContactQuotaStore, limit: Int = ContactQuota.defaultLimit, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.limit = limit
        self.now = now
    }

    /// True when `client` may be handed the public contacts of `reports` now (they are counted).
    func allows(_ reports: [Announcement], client: String) async -> Bool {
        await allows(count: reports.filter(\.hasPublicContact).count, client: client)
    }

    /// True when `client` may be handed `count` more public contacts now (they are counted).
    func allows(count: Int, client: String) async -> Bool {
        guard count > 0 else { return true }
        let slot = currentSlot
        switch spendLeased(count, client: client, slot: slot) {
        case .granted: return true
        case .spent: return false
        case .short(let want):
            guard
                let granted = try? await store.takeContactQuota(
                    client: client, slot: slot, amount: want, limit: limit,
                    window: Self.windowSlots)
            else { return false }
            return settle(granted, needed: count, client: client, slot: slot)
        }
    }

    /// `allows(count:client:)` as far as this slot's lease in memory settles it; nil when the store must
    /// be asked (nothing is counted then).
    func allowsFromLease(count: Int, client: String) -> Bool? {
        guard count > 0 else { return true }
        switch spendLeased(count, client: client, slot: currentSlot) {
        case .granted: return true
        case .spent: return false
        case .short: return nil
        }
    }

    /// True when `client` may be handed no public contact before the next slot: its lease here is used up
    /// and the store granted no more. Nothing is counted.
    func isExhausted(client: String) -> Bool {
        let slot = currentSlot
        return leases.withLockedValue { $0[client].map { $0.slot == slot && $0.spent && $0.left == 0 } ?? false }
    }

    private var currentSlot: Int { Int(now().timeIntervalSince1970 / Self.slotSeconds) }

    private enum Outcome { case granted, spent, short(Int) }

    /// Spends from this slot's lease in memory, when it holds enough.
    /// `.short` carries what the next lease should ask for.
    private func spendLeased(_ count: Int, client: String, slot: Int) -> Outcome {
        leases.withLockedValue { leases in
            guard var lease = leases[client], lease.slot == slot else { return .short(max(count, firstBlock)) }
            if lease.left >= count {
                lease.left -= count
                leases[client] = lease
                return .granted
            }
            return lease.spent ? .spent : .short(max(count - lease.left, min(block, max(firstBlock, lease.taken))))
        }
    }

    /// Adds a new grant to the client's lease and spends `needed` from it when it now holds enough; a
    /// grant short of the need marks the budget spent for the rest of the slot.
    private func settle(_ granted: Int, needed: Int, client: String, slot: Int) -> Bool {
        leases.withLockedValue { leases in
            if leases.count > 100_000 { leases = leases.filter { $0.value.slot == slot } }
            var lease = leases[client].flatMap { $0.slot == slot ? $0 : nil } ?? Lease(slot: slot, left: 0, spent: false)
            lease.left += granted
            lease.taken += granted
            let enough = lease.left >= needed
            if enough { lease.left -= needed } else { lease.spent = true }
            leases[client] = lease
            return enough
        }
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
