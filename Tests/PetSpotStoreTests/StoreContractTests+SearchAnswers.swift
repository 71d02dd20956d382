import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The owner's answers about how the pet lives are kept with the report's private details on
/// every backend, and the owner can change or clear them, also on a report filed before they existed.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func searchAnswersAreKeptWithTheReportAndCanBeChanged(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let cat = Announcement.mock(species: "CAT")
            let answers = SearchAnswers(lifestyle: .indoorOnly, newToArea: true)
            try await store.create(cat, privateDetails: PrivateDetails(reportedAs: .missing, searchAnswers: answers), passwordHash: "h", outbox: [])
            #expect(try await store.privateDetails(of: cat.id).searchAnswers == answers)
            let changed = SearchAnswers(lifestyle: .outdoorAccess, newToArea: false)
            try await store.setSearchAnswers(changed, of: cat.id)
            #expect(try await store.privateDetails(of: cat.id) == PrivateDetails(reportedAs: .missing, searchAnswers: changed))

            // A report stored without private details (bulk-loaded, or filed before them) takes answers too.
            let dog = Announcement.mock(species: "DOG")
            try await store.create(dog, passwordHash: "h")
            try await store.setSearchAnswers(SearchAnswers(temperament: .shy), of: dog.id)
            #expect(try await store.privateDetails(of: dog.id) == PrivateDetails(reportedAs: .missing, searchAnswers: SearchAnswers(temperament: .shy)))
            try await store.setSearchAnswers(SearchAnswers(), of: dog.id)
            #expect(try await store.privateDetails(of: dog.id).searchAnswers == SearchAnswers())
            await #expect(throws: StoreError.notFound) { try await store.setSearchAnswers(SearchAnswers(), of: AnnouncementID("nope")) }
            // The public record carries none of it.
            #expect(try await store.find(cat.id) == cat)
        }
    }
}
