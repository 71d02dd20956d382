import Foundation
import PetSpotDomain
import PetSpotStore

/// The operators' blocks as every open form checks them: new reports, sightings, messages and
/// subscriptions from a blocked address or network are refused with a neutral message. Only writes ask,
/// so a read never pays for it.
struct BlockList: Sendable {
    let store: any ModerationStore
    let now: @Sendable () -> Date

    /// Throws `ModerationError.blocked` when a block in force covers `email` or `client` for an action of
    /// `scope` (a message, or anything else).
    func check(email: String?, client: String, scope: Block.Scope = .all) async throws {
        let mailbox = email.map(ContactRules.mailboxKey)
        for block in try await store.blocks(activeAt: now()) where block.scope == .all || block.scope == scope {
            switch block.kind {
            case .email where block.value == mailbox: throw ModerationError.blocked
            case .network where Self.network(block.value, contains: client): throw ModerationError.blocked
            default: continue
            }
        }
    }

    /// True when the client key (an IPv4 address, or an IPv6 /64 as `a:b:c:d::/64`) is inside `network`.
    static func network(_ network: String, contains client: String) -> Bool {
        guard let networks = try? TrustedProxies(network) else { return network == client }
        let address = client.split(separator: "/").first.map(String.init) ?? client
        return networks.contains(address) || network == client
    }
}
