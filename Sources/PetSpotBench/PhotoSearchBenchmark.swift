import Foundation
import PetSpotDomain
import PetSpotStore

/// Search by photo after the query's own look, at scale: `photos` reports around `center` are given synthetic
/// looks (the newest with a photo within `radiusKm`), then each search runs the server's `lookAlikes`: the area's
/// newest `candidates` missing reports with a photo, their looks, ranked (`LookAlikeRanking`), the shown ones read.
/// Side by side in one run: the list of 50 reports of the same area (the list page's query, the baseline the
/// search adds to) and a search that compares every look in the area instead of the newest `candidates`.
public struct PhotoSearchBenchmark: Sendable {
    public struct Result: Sendable {
        public var reports: Int
        public var photos: Int
        public var candidates: Int
        public var search: LatencyStats
        /// The same searches reading the candidates as whole reports, then their looks (the way before).
        public var listed: LatencyStats
        /// Searches where the two ways found different reports (none is right).
        public var mismatches: Int
        public var list: LatencyStats
        public var everyLook: LatencyStats
        public var meanCompared: Double
        public var ratioToList: Double { search.p50 / max(list.p50, 1e-9) }
        public var ratioToListed: Double { search.p50 / max(listed.p50, 1e-9) }
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

    /// Its own copy of `database` (made once): the other benchmarks keep the generated cities as they are.
    public static func workingCopy(of database: BenchDatabase, log: (String) -> Void) async throws -> SQLiteStore {
        let folder = database.directory.deletingLastPathComponent().appending(path: database.directory.lastPathComponent + "-photos")
        let copy = folder.appending(path: "petspot.sqlite"), marker = folder.appending(path: "complete")
        if !FileManager.default.fileExists(atPath: marker.path) {
            try await database.open(log: log).close()
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: database.path, toPath: copy.path)
            _ = FileManager.default.createFile(atPath: marker.path, contents: Data())
            log("copied \(database.path) to \(copy.path)")
        }
        return try await SQLiteStore.open(path: copy.path)
    }

    /// Moves reports with a photo from other cities to within `radiusKm` of the centre until `photos` are there
    /// (a denser city than the generator makes, the total unchanged), then gives those `photos` reports their
    /// looks unless the database has them already; answers how many it has.
    public func prepare(_ store: some PhotoBenchStore, photos: Int, log: (String) -> Void) async throws -> Int {
        let have = try await store.lookCount()
        var ids = try await store.benchPhotoReports(near: center, radiusKm: radiusKm, limit: photos)
        if ids.count < photos {
            var random = SplitMix64(seed: seed &+ 2)
            let away = try await store.benchPhotoReports(awayFrom: center, radiusKm: radiusKm, limit: photos - ids.count)
            try await store.benchMove(away.map { ($0, pointNearCenter(&random)) })
            log("moved \(away.count) reports with a photo from other cities to within \(Int(radiusKm)) km of the centre")
            ids = try await store.benchPhotoReports(near: center, radiusKm: radiusKm, limit: photos)
        }
        guard have < ids.count else { return ids.count }
        var random = SplitMix64(seed: seed)
        let looks = ids.map { ($0, Self.syntheticLook(&random)) }
        try await store.bulkLoadLooks(looks)
        log("gave \(looks.count) reports within \(Int(radiusKm)) km of the centre a synthetic look")
        return looks.count
    }

    public func run(_ store: some PhotoBenchStore, reports: Int, photos: Int) async throws -> Result {
        var random = SplitMix64(seed: seed &+ 1)
        var search: [Double] = [], listed: [Double] = [], list: [Double] = [], every: [Double] = [], compared = 0, mismatches = 0
        for index in -10..<queries {
            let look = Self.syntheticLook(&random)
            // Where a finder stands: within a few kilometres of the centre.
            let point = Coordinate(
                latitude: center.latitude + random.nextGaussian() * 0.02, longitude: center.longitude + random.nextGaussian() * 0.03)
            var query = AnnouncementQuery(nearby: .init(center: point, radiusKm: radiusKm), statuses: [.missing], withPhotoOnly: true)
            let (found, time) = try await NearbyBenchmark.timed { try await Self.search(look, query, candidates, limit, store) }
            let (same, listedTime) = try await NearbyBenchmark.timed { try await Self.search(look, query, candidates, limit, store, listed: true) }
            query.limit = limit
            let (_, listTime) = try await NearbyBenchmark.timed { try await store.list(query) }
            guard index >= 0 else { continue }
            search.append(time)
            listed.append(listedTime)
            list.append(listTime)
            if same.ids != found.ids { mismatches += 1 }
            compared += found.compared
            guard every.count < fullQueries, index % max(1, queries / max(1, fullQueries)) == 0 else { continue }
            every.append(try await NearbyBenchmark.timed { try await Self.search(look, query, photos, limit, store) }.1)
        }
        return Result(
            reports: reports, photos: photos, candidates: candidates, search: LatencyStats(search), listed: LatencyStats(listed),
            mismatches: mismatches, list: LatencyStats(list),
            everyLook: LatencyStats(every), meanCompared: Double(compared) / Double(max(1, search.count)))
    }

    /// A point drawn evenly over the disc within 95 % of `radiusKm` of the centre.
    func pointNearCenter(_ random: inout SplitMix64) -> Coordinate {
        let distance = radiusKm * 0.95 * Double.random(in: 0..<1, using: &random).squareRoot()
        let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
        let kmPerDegree = Coordinate.earthRadiusKm * .pi / 180
        let latitude = center.latitude + distance * cos(bearing) / kmPerDegree
        return Coordinate(latitude: latitude, longitude: center.longitude + distance * sin(bearing) / (kmPerDegree * cos(latitude * .pi / 180)))
    }

    /// A look like the model's (features never negative), drawn from `random`.
    static func syntheticLook(_ random: inout SplitMix64) -> PhotoLook {
        PhotoLook(features: (0..<PhotoLook.count).map { _ in Float(max(0, random.nextGaussian() + 0.3)) })!
    }

    /// One search: the newest `candidates` of the area, their looks, ranked, the shown ones read.
    static func search(
        _ look: PhotoLook, _ area: AnnouncementQuery, _ candidates: Int, _ limit: Int, _ store: some PhotoBenchStore, listed: Bool = false
    ) async throws -> (ids: [AnnouncementID], compared: Int) {
        let found = try await store.lookAlikes(of: look, in: area, candidates: candidates, limit: limit, listed: listed)
        return (found.found.map(\.report.id), found.compared)
    }
}
