import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// What search by photo compares, the same on every backend: of the area's newest reports with a photo (the
/// list's filters), those whose current photo has a look, newest first; then the most alike, read whole.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func searchByPhotoComparesTheAreasNewestLooksAndShowsTheMostAlike(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let here = Coordinate(latitude: 52.23, longitude: 21.01), far = Coordinate(latitude: 50.06, longitude: 19.94)
            let day = 86_400.0, start = Date(timeIntervalSince1970: 1_780_000_000)
            func report(_ age: Double, at place: Coordinate = here, status: AnnouncementStatus = .missing) -> Announcement {
                .mock(location: place, status: status, createdAt: start.addingTimeInterval(-age * day))
            }
            let newest = report(1), waiting = report(2), older = report(3), farAway = report(0, at: far), found = report(0, status: .found)
            let look = { (seed: Int) in PhotoLook(features: (0..<PhotoLook.count).map { Float(($0 * seed) % 11) })! }
            for (index, item) in [newest, waiting, older, farAway, found].enumerated() {
                try await store.create(item, passwordHash: "h")
                let file = "\(item.id.rawValue).jpg"
                _ = try await store.setPhoto(item.id, url: "/images/\(file)", file: file, at: start, outbox: [])
                // The second newest still waits for its look.
                if item.id != waiting.id {
                    try await store.saveLook(look(index + 2), of: LookSubject(kind: .report, id: item.id.rawValue, file: file), outbox: [])
                }
            }
            var area = AnnouncementQuery(nearby: .init(center: here, radiusKm: 10), statuses: [.missing], withPhotoOnly: true, limit: 10)
            let candidates = try await store.lookCandidates(area)
            #expect(candidates.map(\.id) == [newest.id, older.id], "the area's missing reports with a look, newest first")
            #expect(candidates.map(\.look) == [look(2), look(4)])
            area.limit = 2
            #expect(try await store.lookCandidates(area).map(\.id) == [newest.id], "the newest two with a photo, one still without its look")
            let everywhere = AnnouncementQuery(statuses: [.missing], withPhotoOnly: true, limit: 10)
            #expect(try await store.lookCandidates(everywhere).map(\.id) == [farAway.id, newest.id, older.id])

            let alike = try await store.lookAlikes(of: look(4), in: area.with(limit: nil), candidates: 10, limit: 1)
            #expect(alike.compared == 2)
            #expect(alike.found.map(\.report.id) == [older.id], "the report whose photo looks the same, read whole")
            #expect(alike.found.first.map { abs($0.likeness - 1) < 1e-9 } == true)

            #expect(try await store.find([older.id, AnnouncementID("no-such-report"), newest.id]).map(\.id) == [older.id, newest.id])
        }
    }
}

extension AnnouncementQuery {
    fileprivate func with(limit: Int?) -> Self {
        var query = self
        query.limit = limit
        return query
    }
}
