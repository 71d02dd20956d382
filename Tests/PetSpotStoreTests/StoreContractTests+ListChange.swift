import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

extension StoreContractTests {
    /// The list cache renews a kept answer only while this stamp stands still, so every write a list can
    /// show must move it (in the database, so that writes by other instances and commands count), and
    /// writes no list shows leave it.
    @Test(arguments: StoreBackend.all)
    func theListChangeStampMovesWithEveryChangeAListCanShow(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            guard var last = try await store.listChangeStamp() else {
                #expect(backend.name == "in-memory", "only the in-memory twin keeps no stamp")
                return
            }
            func moved(_ what: String) async throws {
                let now = try #require(try await store.listChangeStamp())
                #expect(now != last, "\(what)")
                last = now
            }
            func stood(_ what: String) async throws {
                #expect(try await store.listChangeStamp() == last, "\(what)")
            }
            let report = Announcement.mock(microchipNumber: nil)
            try await store.create(report, passwordHash: "h")
            try await moved("a report filed")
            let asked = try await store.claimCheckIns(now: Date(), first: 0, every: 3600, newSince: .distantPast, limit: 10) { _ in [] }
            #expect(asked == 1)
            try await moved("its owner asked \"still missing?\"")
            _ = try await store.confirmCheckIn(report.id, sequence: nil, at: Date())
            try await moved("its owner confirmed it")
            _ = try await store.update(report.id, changes: .init(status: .found), at: Date())
            try await moved("its status changed")
            _ = try await store.setPhoto(report.id, url: "/images/a.png", file: "a.1.png", at: Date())
            try await moved("its photo")
            try await store.setPlaceName("Warsaw", of: report.id)
            try await moved("its place named")
            _ = try await store.takeContactQuota(client: "192.0.2.1", slot: 1, amount: 5, limit: 50, window: 1)
            try await stood("a contact quota lease")
            _ = try await store.list(AnnouncementQuery())
            try await stood("a read")
            _ = try await store.delete(report.id)
            try await moved("the report deleted")
        }
    }
}
