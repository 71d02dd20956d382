import Foundation
import PetSpotDomain
import PetSpotStore

/// Which networks filed something here before (a report or a sighting), so their flags weigh more than
/// a fresh network's: `Flag.knownWeight` against `Flag.freshWeight`. A network is kept only as a keyed
/// hash of its `ClientKey.network`, with when it was first and last seen, and is forgotten after a year
/// without news. History made on the spot is worth nothing: it counts once it is a day old.
struct ClientHistory: Sendable {
    let store: any ClientHistoryStore
    let tokens: KeyedTokens
    /// How old a network's first filing must be before its flags weigh more.
    static let settling: TimeInterval = 86_400
    /// A network not seen for this long is forgotten.
    static let kept: TimeInterval = 365 * 86_400

    /// Records that `client`'s network filed something at `date`. A failure loses only the extra weight
    /// of a later flag, never what was filed, so it is not an error for the filer.
    func note(_ client: String, at date: Date) async {
        try? await store.noteClient(key(ClientKey.network(of: client)), at: date)
    }

    /// What a flag from `network` weighs at `date`.
    func weight(of network: String, at date: Date) async throws -> Int {
        guard let first = try await store.clientFirstSeen(key(network)), first <= date.addingTimeInterval(-Self.settling) else {
            return Flag.freshWeight
        }
        return Flag.knownWeight
    }

    /// Forgets the networks not seen for `kept`.
    func forget(at date: Date) async throws { try await store.forgetClients(lastSeenBefore: date.addingTimeInterval(-Self.kept)) }

    private func key(_ network: String) -> String { tokens.token("client-history", network) }
}
