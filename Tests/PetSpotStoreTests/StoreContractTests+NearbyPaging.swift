import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

extension StoreContractTests {
    /// Nearby pages are newest first, whatever the spread of creation times (seconds apart, ties,
    /// centuries back, in the future), and paging with the cursor yields exactly the brute-force list.
    @Test(arguments: StoreBackend.all)
    func nearbyPagesMatchBruteForceNewestFirstAcrossTime(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            var generator = SeededGenerator(seed: 5)
            let now = Date()
            let center = Coordinate(latitude: 50.06, longitude: 19.94)
            var all: [Announcement] = []
            for index in 0..<300 {
                let offsets: [Double] = [
                    Double.random(in: -3 * 86_400...60, using: &generator), Double(index % 4) * -1,
                    Double.random(in: -40 * 365 * 86_400 ... -86_400, using: &generator), -200 * 365 * 86_400,
                    Double.random(in: 86_400...(80 * 365 * 86_400), using: &generator),
                ]
                let created = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + offsets.randomElement(using: &generator)!) * 1000).rounded() / 1000)
                let point = Coordinate(
                    latitude: center.latitude + .random(in: -0.4...0.4, using: &generator),
                    longitude: center.longitude + .random(in: -0.6...0.6, using: &generator))
                var a = Announcement.mock(
                    location: point, photoURL: Bool.random(using: &generator) || index % 3 == 0 ? "/images/p.png" : nil, createdAt: created)
                a.status = [.missing, .found, .closed].randomElement(using: &generator)!
                all.append(a)
                try await store.create(a, passwordHash: "h")
            }
            let nearby = AnnouncementQuery.Nearby(center: center, radiusKm: 25)
            let expected = all.filter { AnnouncementQuery(nearby: nearby).matches($0) }
                .sorted { (Timestamp.string($0.createdAt), $0.id.rawValue) > (Timestamp.string($1.createdAt), $1.id.rawValue) }
                .map(\.id)
            #expect(try await store.list(AnnouncementQuery(nearby: nearby)).map(\.id) == expected)
            var paged: [AnnouncementID] = []
            var cursor: AnnouncementCursor?
            for _ in 0..<100 {
                let page = try await store.list(AnnouncementQuery(nearby: nearby, limit: 7, after: cursor))
                paged += page.map(\.id)
                guard let last = page.last else { break }
                cursor = AnnouncementCursor(after: last)
            }
            #expect(paged == expected)
            #expect(expected.count > 20)
        }
    }
}
