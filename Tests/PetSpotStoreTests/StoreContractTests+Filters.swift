import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The list filters, the same on every backend, with and without a place.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func listsFilterBySpeciesAndLastSeenDay(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            func report(_ species: String, _ day: String) -> Announcement {
                var a = Announcement.mock(photoURL: "/images/x.png")
                a.species = species
                a.lastSeenDate = day
                return a
            }
            let dog = report("DOG", "2025-11-01"), lowerDog = report("dog", "2025-11-20"), cat = report("CAT", "2025-11-15")
            let hamster = report("Hamster", "2025-11-18"), bird = report("BIRD", "2025-10-01")
            for a in [dog, lowerDog, cat, hamster, bird] { try await store.create(a, passwordHash: "h") }
            let near = AnnouncementQuery.Nearby(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusKm: 10)
            for nearby in [nil, near] {
                func ids(_ species: Set<AnimalSpecies>?, since: String? = nil) async throws -> Set<AnnouncementID> {
                    Set(try await store.list(AnnouncementQuery(nearby: nearby, species: species, lastSeenSince: since)).map(\.id))
                }
                #expect(try await ids([.dog]) == [dog.id, lowerDog.id])
                #expect(try await ids([.other]) == [hamster.id])
                #expect(try await ids([.cat, .other]) == [cat.id, hamster.id])
                #expect(try await ids(Set(AnimalSpecies.allCases)).count == 5)
                #expect(try await ids(nil, since: "2025-11-15") == [lowerDog.id, cat.id, hamster.id])
                #expect(try await ids([.dog], since: "2025-11-15") == [lowerDog.id])
                #expect(try await ids([.rabbit]).isEmpty)
            }
        }
    }
}
