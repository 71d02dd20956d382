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
        let address = email.map(ContactRules.untaggedKey)
        for block in try await store.blocks(activeAt: now()) where block.scope == .all || block.scope == scope {
            switch block.kind {
            case .email where block.value == address: throw ModerationError.blocked
            case .network where Self.network(block.value, contains: client): throw ModerationError.blocked
            default: continue
            }
        }
    }

    /// True when the client key (an IPv4 address, or an IPv6 /64 as `a:b:c:d::/64`) is inside `network`.
    static func network(_ network: String, contains client: String) -> Bool {
        let network = blockable(network)
        guard let networks = try? TrustedProxies(network) else { return network == client }
        let address = client.split(separator: "/").first.map(String.init) ?? client
        return networks.contains(address) || network == client
    }

    /// A network block as clients are counted: one IPv6 address, or a prefix longer than /64, is its
    /// client's /64 (the client picks any address in it); an IPv4-mapped address is its IPv4 address.
    static func blockable(_ value: String) -> String {
        let parts = value.split(separator: "/", maxSplits: 1).map(String.init)
        guard let address = parts.first, address.contains(":") else { return value }
        let key = ClientKey.of(address)
        guard parts.count == 2, let prefix = Int(parts[1]) else { return key }
        if key.hasSuffix("::/64") { return prefix > 64 ? key : value }
        return key.contains(".") && prefix >= 96 ? "\(key)/\(prefix - 96)" : value
    }
}
