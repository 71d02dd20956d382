import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// A report's private details are kept beside it on every backend, answer only to their own
/// call, go with the report when it is deleted, and remember the kind a closed report reopens as.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func privateDetailsAreKeptApartAndGoWithTheReport(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            var found = Announcement.mock(microchipNumber: "900100200300400", photoURL: "/images/f.png")
            found.status = .found
            let details = PrivateDetails(
                reportedAs: .found, caregiverPhone: "+48600100200", currentAddress: "ul. Polna 3\nWarszawa",
                collarTag: "Burek, tel. 600 700 800")
            try await store.create(found, privateDetails: details, passwordHash: "h", outbox: [])
            #expect(try await store.privateDetails(of: found.id) == details)
            // The public record is exactly what was created: nothing private in it.
            #expect(try await store.find(found.id) == found)
            #expect(try await store.openReport(microchip: "900100200300400", status: .found) == found.id)
            #expect(try await store.openReport(microchip: "900100200300400", status: .missing) == nil)

            // Closed, it still knows it was a found report; reopened, it is found again.
            _ = try await store.update(found.id, changes: AnnouncementChanges(status: .closed), at: Date())
            #expect(try await store.openReport(microchip: "900100200300400", status: .found) == nil)
            #expect(try await store.privateDetails(of: found.id).reportedAs == .found)

            // A report created without details answers its kind; unknown ids are not found.
            let plain = Announcement.mock()
            try await store.create(plain, passwordHash: "h")
            #expect(try await store.privateDetails(of: plain.id) == PrivateDetails(reportedAs: plain.status))
            await #expect(throws: StoreError.notFound) { try await store.privateDetails(of: AnnouncementID("nope")) }

            // Short links: a prefix finds its report; a shared prefix finds both, in order.
            let short = String(found.id.rawValue.prefix(8))
            #expect(try await store.ids(startingWith: short, limit: 2) == [found.id])
            #expect(try await store.ids(startingWith: "zz", limit: 2).isEmpty)
            let all = try await store.ids(startingWith: "", limit: 10)
            #expect(all.count == 2 && all == all.sorted { $0.rawValue < $1.rawValue })

            _ = try await store.delete(found.id)
            await #expect(throws: StoreError.notFound) { try await store.privateDetails(of: found.id) }
            // Re-using the id (as an import might) starts with no details left over.
            try await store.create(found, passwordHash: "h")
            #expect(try await store.privateDetails(of: found.id) == PrivateDetails(reportedAs: .found))
        }
    }
}
