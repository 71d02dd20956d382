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

    /// Nearby search measures from the report's public area (the point lists show), never the exact
    /// point: moving a small circle's edge across the exact point finds nothing a list does not show.
    @Test(arguments: StoreBackend.all)
    func nearbySearchMeasuresFromThePublicAreaNotTheExactPoint(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            // Shown at 52.4, 16.925 (145 m away); another shown at 52.4, 16.925 from 267 m north of it.
            let exact = Announcement.mock(location: Coordinate(latitude: 52.401234, longitude: 16.925678), photoURL: "/images/p.png")
            let north = Announcement.mock(location: Coordinate(latitude: 52.4024, longitude: 16.925), photoURL: "/images/q.png")
            for report in [exact, north] { try await store.create(report, passwordHash: "h") }
            func found(_ latitude: Double, _ longitude: Double, _ km: Double) async throws -> Set<AnnouncementID> {
                let nearby = AnnouncementQuery.Nearby(center: Coordinate(latitude: latitude, longitude: longitude), radiusKm: km)
                let listed = Set(try await store.list(AnnouncementQuery(nearby: nearby)).map(\.id))
                #expect(listed == Set([exact, north].filter { AnnouncementQuery(nearby: nearby).matches($0) }.map(\.id)))
                return listed
            }
            #expect(try await found(52.401234, 16.925678, 0.1) == [], "a circle around the exact point misses it")
            #expect(try await found(52.4, 16.925, 0.01) == [exact.id, north.id], "a circle around the shown point holds it")
            // 5.56 km to the shown point, 5.83 km to the northern report's exact point: found, as shown.
            #expect(try await found(52.35, 16.925, 5.7) == [exact.id, north.id])
            #expect(try await found(52.35, 16.925, 5.5) == [])
        }
    }
}
