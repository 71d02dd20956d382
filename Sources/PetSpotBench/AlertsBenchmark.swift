import Foundation
import PetSpotDomain
import PetSpotStore

/// With 1 M reports and 100 000 subscriptions, finding the subscriptions to tell about
/// one new report through the geo index, side by side with a scan of the subscriptions, interleaved on
/// the same points (where reports are made). Every scan is also a correctness check.
public struct AlertsBenchmark: Sendable {
    public struct Result: Sendable {
        public var reports: Int
        public var subscriptions: Int
        public var index: LatencyStats
        public var scan: LatencyStats
        public var meanMatches: Double
        public var mismatches: Int
        public var speedupP50: Double { scan.p50 / max(index.p50, 1e-9) }
    }

    public var queries: Int
    public var scanQueries: Int
    public var seed: UInt64

    public init(queries: Int = 2000, scanQueries: Int = 40, seed: UInt64 = 11) {
        self.queries = queries
        self.scanQueries = scanQueries
        self.seed = seed
    }

    /// `count` confirmed subscriptions around the synthetic cities, with the radii the form offers.
    public static func subscriptions(_ count: Int, seed: UInt64) -> [AlertSubscription] {
        var points = SyntheticReports(seed: seed)
        var random = SplitMix64(seed: seed ^ 0x5EED)
        let created = Date(timeIntervalSince1970: 1_760_000_000)
        return (0..<count).map { index in
            AlertSubscription(
                id: "bench-\(index)", email: "subscriber\(index)@example.com", center: points.nextPoint(),
                radiusKm: AlertSubscription.radii[Int(random.next() % UInt64(AlertSubscription.radii.count))],
                placeName: nil, statuses: [.missing, .found], species: nil, frequency: .instant, language: "en",
                createdAt: created, confirmedAt: created)
        }
    }

    public func run(reports: Int, subscriptions: Int, store: SQLiteStore) async throws -> Result {
        var points = SyntheticReports(seed: seed)
        for _ in 0..<20 { _ = try await store.subscriptions(covering: points.nextPoint()) }
        let every = max(1, queries / max(1, scanQueries))
        var fast: [Double] = [], slow: [Double] = [], matches = 0, mismatches = 0
        for index in 0..<queries {
            let point = points.nextPoint()
            let (found, time) = try await NearbyBenchmark.timed { try await store.subscriptions(covering: point) }
            fast.append(time)
            matches += found.count
            guard index % every == 0, slow.count < scanQueries else { continue }
            let (expected, slowTime) = try await NearbyBenchmark.timed { try await store.fullScanSubscriptions(covering: point) }
            slow.append(slowTime)
            if Set(expected.map(\.id)) != Set(found.map(\.id)) { mismatches += 1 }
        }
        return Result(
            reports: reports, subscriptions: subscriptions, index: LatencyStats(fast), scan: LatencyStats(slow),
            meanMatches: Double(matches) / Double(max(1, queries)), mismatches: mismatches)
    }
}

extension BenchReport {
    public static func alerts(_ r: AlertsBenchmark.Result) -> String {
        [
            "| reports | subscriptions | geo index p50 ms | geo index p99 ms | scan p50 ms | scan p99 ms | p50 speed-up | subscriptions told/report | queries (index / scan) | mismatches |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
            "| \(r.reports) | \(r.subscriptions) | \(f(r.index.p50, 3)) | \(f(r.index.p99, 3)) | \(f(r.scan.p50, 1)) | \(f(r.scan.p99, 1)) | \(f(r.speedupP50, 0))× | \(f(r.meanMatches, 1)) | \(r.index.count) / \(r.scan.count) | \(r.mismatches) |",
        ]
        .joined(separator: "\n")
    }
}
