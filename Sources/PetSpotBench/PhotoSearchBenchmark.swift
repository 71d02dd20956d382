import PetSpotDomain
import PetSpotStore

/// Search by photo after the query's own look, at scale: `photos` reports around `center` are given synthetic
/// looks (the newest with a photo within `radiusKm`), then each search lists the area's newest `candidates`
/// missing reports with a photo, reads their looks and ranks them (`LookAlikeRanking`), as the server does.
/// Side by side in one run: the list of 50 reports of the same area (the list page's query, the baseline the
/// search adds to) and a search that compares every look in the area instead of the newest `candidates`.
public struct PhotoSearchBenchmark: Sendable {
    public struct Result: Sendable {
        public var reports: Int
        public var photos: Int
        public var candidates: Int
        public var search: LatencyStats
        public var list: LatencyStats
        public var everyLook: LatencyStats
        public var meanCompared: Double
        public var ratioToList: Double { search.p50 / max(list.p50, 1e-9) }
    }

    public var center = Coordinate(latitude: 52.2297, longitude: 21.0122)
    public var radiusKm = 20.0
    public var candidates = 2000
    public var limit = 50
    public var queries: Int
    public var fullQueries: Int
    public var seed: UInt64 = 5

    public init(queries: Int = 200, fullQueries: Int = 5) {
        self.queries = queries
        self.fullQueries = fullQueries
    }

    /// Gives `photos` reports their looks unless the database has them already; answers how many it has.
    public func prepare(_ store: SQLiteStore, photos: Int, log: (String) -> Void) async throws -> Int {
        let have = try await store.lookCount()
        let ids = try await store.benchPhotoReports(near: center, radiusKm: radiusKm, limit: photos)
        // The area may hold fewer reports with a photo than asked for: then all of them have a look.
        guard have < ids.count else { return have }
        var random = SplitMix64(seed: seed)
        let looks = ids.map { ($0, Self.syntheticLook(&random)) }
        try await store.bulkLoadLooks(looks)
        log("gave \(looks.count) reports within \(Int(radiusKm)) km of the centre a synthetic look")
        return looks.count
    }

    public func run(_ store: SQLiteStore, reports: Int, photos: Int) async throws -> Result {
        var random = SplitMix64(seed: seed &+ 1)
        var search: [Double] = [], list: [Double] = [], every: [Double] = [], compared = 0
        for index in -10..<queries {
            let look = Self.syntheticLook(&random)
            // Where a finder stands: within a few kilometres of the centre.
            let point = Coordinate(
                latitude: center.latitude + random.nextGaussian() * 0.02, longitude: center.longitude + random.nextGaussian() * 0.03)
            var query = AnnouncementQuery(nearby: .init(center: point, radiusKm: radiusKm), statuses: [.missing], withPhotoOnly: true)
            let (found, time) = try await NearbyBenchmark.timed { try await Self.search(look, query, candidates, limit, store) }
            query.limit = limit
            let (_, listTime) = try await NearbyBenchmark.timed { try await store.list(query) }
            guard index >= 0 else { continue }
            search.append(time)
            list.append(listTime)
            compared += found.compared
            guard index % max(1, queries / fullQueries) == 0, every.count < fullQueries else { continue }
            every.append(try await NearbyBenchmark.timed { try await Self.search(look, query, photos, limit, store) }.1)
        }
        return Result(
            reports: reports, photos: photos, candidates: candidates, search: LatencyStats(search), list: LatencyStats(list),
            everyLook: LatencyStats(every), meanCompared: Double(compared) / Double(max(1, search.count)))
    }

    /// A look like the model's (features never negative), drawn from `random`.
    static func syntheticLook(_ random: inout SplitMix64) -> PhotoLook {
        PhotoLook(features: (0..<PhotoLook.count).map { _ in Float(max(0, random.nextGaussian() + 0.3)) })!
    }

    /// One search: the newest `candidates` of the area, their looks, ranked.
    static func search(
        _ look: PhotoLook, _ area: AnnouncementQuery, _ candidates: Int, _ limit: Int, _ store: SQLiteStore
    ) async throws -> (ranked: Int, compared: Int) {
        var query = area
        query.limit = candidates
        let reports = try await store.list(query)
        let looks = try await store.looks(ofReports: reports.map(\.id))
        return (LookAlikeRanking.rank(look, reports: reports, looks: looks, limit: limit).count, looks.count)
    }
}
