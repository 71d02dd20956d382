import PetSpotDomain
import PetSpotStore

/// Times the nearby list query of a contender store against a baseline on the same data, interleaved
/// (one baseline query after every few contender queries) so both see the same machine noise. Centers are
/// drawn where reports are, around the cities. Every baseline query is also a correctness check.
public struct NearbyBenchmark: Sendable {
    /// One way of answering a list query.
    public typealias Lister = @Sendable (AnnouncementQuery) async throws -> [Announcement]

    /// The timings of one database size.
    public struct Result: Sendable {
        public var reports: Int
        public var contender: LatencyStats
        public var baseline: LatencyStats
        /// Mean rows a query returned.
        public var meanRows: Double
        /// Baseline queries whose ids differed from the contender's.
        public var mismatches: Int
        public var speedupP50: Double { baseline.p50 / max(contender.p50, 1e-9) }
    }

    public var radiusKm: Double
    public var limit: Int
    public var queries: Int
    public var baselineQueries: Int
    public var seed: UInt64

    public init(radiusKm: Double = 10, limit: Int = 50, queries: Int = 1000, baselineQueries: Int = 20, seed: UInt64 = 7) {
        self.radiusKm = radiusKm
        self.limit = limit
        self.queries = queries
        self.baselineQueries = baselineQueries
        self.seed = seed
    }

    public func run(reports: Int, contender: Lister, baseline: Lister) async throws -> Result {
        var centers = SyntheticReports(seed: seed)
        for _ in 0..<20 { _ = try await contender(query(centers.nextPoint())) }
        let every = max(1, queries / max(1, baselineQueries))
        var fast: [Double] = [], slow: [Double] = [], rows = 0, mismatches = 0
        for index in 0..<queries {
            let query = query(centers.nextPoint())
            let (found, time) = try await Self.timed { try await contender(query) }
            fast.append(time)
            rows += found.count
            guard index % every == 0, slow.count < baselineQueries else { continue }
            let (expected, slowTime) = try await Self.timed { try await baseline(query) }
            slow.append(slowTime)
            if expected.map(\.id) != found.map(\.id) { mismatches += 1 }
        }
        return Result(
            reports: reports, contender: LatencyStats(fast), baseline: LatencyStats(slow),
            meanRows: Double(rows) / Double(max(1, queries)), mismatches: mismatches)
    }

    /// The list query the API makes for `?lat&lng&range&limit`.
    func query(_ center: Coordinate) -> AnnouncementQuery {
        AnnouncementQuery(nearby: .init(center: center, radiusKm: radiusKm), limit: limit)
    }

    static func timed<T>(_ body: () async throws -> T) async throws -> (T, Double) {
        let start = ContinuousClock.now
        let value = try await body()
        return (value, (ContinuousClock.now - start).milliseconds)
    }
}
