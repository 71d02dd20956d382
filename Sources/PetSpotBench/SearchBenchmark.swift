import PetSpotDomain
import PetSpotStore

/// Times free-text search on the word index against a scan of the same rows, interleaved as
/// `NearbyBenchmark` does: finders' searches drawn from the synthetic vocabulary (one in five with a
/// letter left out), alone and within `radiusKm` of a point where reports are. Every scan is also a check
/// that both return the same reports in the same order.
public struct SearchBenchmark: Sendable {
    public typealias Lister = NearbyBenchmark.Lister

    public struct Result: Sendable {
        public var reports: Int
        /// "text" or "text + 10 km".
        public var mode: String
        public var contender: LatencyStats
        public var baseline: LatencyStats
        public var meanRows: Double
        public var mismatches: Int
        public var speedupP50: Double { baseline.p50 / max(contender.p50, 1e-9) }
    }

    public var radiusKm = 10.0
    public var limit = 50
    public var queries: Int
    public var baselineQueries: Int
    public var seed: UInt64

    public init(queries: Int = 500, baselineQueries: Int = 10, seed: UInt64 = 11) {
        self.queries = queries
        self.baselineQueries = baselineQueries
        self.seed = seed
    }

    /// Both modes; `expand` adds the vocabulary's one-letter neighbours to a query's terms, as the server does.
    public func run(
        reports: Int, expand: @Sendable (SearchText) async throws -> SearchText,
        contender: Lister, baseline: Lister
    ) async throws -> [Result] {
        var results: [Result] = []
        for nearby in [true, false] {
            var source = SyntheticReports(seed: seed)
            var fast: [Double] = [], slow: [Double] = [], rows = 0, mismatches = 0
            let every = max(1, queries / max(1, baselineQueries))
            for index in -20..<queries {
                var query = AnnouncementQuery(limit: limit)
                if nearby { query.nearby = .init(center: source.nextPoint(), radiusKm: radiusKm) }
                guard let text = SearchText(source.nextSearch()) else { continue }
                // The expansion is part of every search's cost: timed with it.
                let (found, time) = try await NearbyBenchmark.timed { () async throws -> [Announcement] in
                    query.search = try await expand(text)
                    return try await contender(query)
                }
                guard index >= 0 else { continue }
                fast.append(time)
                rows += found.count
                guard index % every == 0, slow.count < baselineQueries else { continue }
                let (expected, slowTime) = try await NearbyBenchmark.timed { try await baseline(query) }
                slow.append(slowTime)
                if expected.map(\.id) != found.map(\.id) { mismatches += 1 }
            }
            results.append(
                Result(
                    reports: reports, mode: nearby ? "text + \(Int(radiusKm)) km" : "text", contender: LatencyStats(fast),
                    baseline: LatencyStats(slow), meanRows: Double(rows) / Double(max(1, fast.count)), mismatches: mismatches))
        }
        return results
    }
}
