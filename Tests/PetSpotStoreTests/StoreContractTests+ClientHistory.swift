import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Flag weights and the networks' history on every backend: a hold comes when the flags' weights add up,
/// history keeps its first sighting, and a network not seen for long is forgotten.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func holdsComeWhenTheFlagsWeightsAddUp(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let report = Announcement.mock()
            try await store.create(report, passwordHash: "h")
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            func flag(_ client: String, weight: Int) async throws -> FlagOutcome {
                try await store.addFlag(
                    Flag(
                        item: FlaggedItem(.report, report.id.rawValue), reportID: report.id, client: client, reason: .scam,
                        createdAt: at, weight: weight), threshold: 3 * Flag.freshWeight
                ) { _ in [] }
            }
            #expect(try await flag("10.0.0.0/24", weight: Flag.knownWeight) == .recorded(held: false))
            #expect(try await flag("10.0.1.0/24", weight: Flag.freshWeight) == .recorded(held: false), "one and a half and one: not three")
            #expect(try await flag("10.0.2.0/24", weight: Flag.knownWeight) == .recorded(held: true))
            #expect(try await store.moderationQueue(limit: 5).first?.flags == 3, "the queue still counts flags")
        }
    }

    @Test(arguments: StoreBackend.all)
    func historyKeepsTheFirstSightingAndForgetsTheLongSilent(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let first = Date(timeIntervalSince1970: 1_800_000_000), later = first.addingTimeInterval(86_400)
            #expect(try await store.clientFirstSeen("a") == nil)
            try await store.noteClient("a", at: first)
            try await store.noteClient("a", at: later)
            try await store.noteClient("b", at: first)
            #expect(try await store.clientFirstSeen("a") == first)
            try await store.forgetClients(lastSeenBefore: first.addingTimeInterval(60))
            #expect(try await store.clientFirstSeen("a") == first, "seen again later: kept")
            #expect(try await store.clientFirstSeen("b") == nil, "silent since: forgotten")
        }
    }
}
