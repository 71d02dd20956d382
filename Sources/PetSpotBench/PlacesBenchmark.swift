import Foundation
import PetSpotDomain
import PetSpotPlaces

/// The gazetteer's search and reverse lookup, each beside a linear scan of the same data in one run,
/// with its load time and the memory it holds.
public struct PlacesBenchmark: Sendable {
    public struct Result: Sendable {
        public var places: Int
        public var loadSeconds: Double
        public var memoryMiB: Double
        public var search: LatencyStats
        public var searchBaseline: LatencyStats
        public var reverse: LatencyStats
        public var reverseBaseline: LatencyStats
    }

    public var queries: Int
    public var baselineQueries: Int
    public var seed: UInt64

    public init(queries: Int = 5000, baselineQueries: Int = 200, seed: UInt64 = 42) {
        self.queries = queries
        self.baselineQueries = baselineQueries
        self.seed = seed
    }

    public func run() throws -> Result {
        let before = Self.residentMiB()
        let clock = ContinuousClock()
        var gazetteer: Gazetteer?
        let load = try clock.measure { gazetteer = try Gazetteer.bundled() }
        guard let gazetteer else { throw CocoaError(.fileReadUnknown) }
        let memory = Self.residentMiB() - before
        let texts = gazetteer.sampleQueries(queries, seed: seed)
        let points = (0..<queries).map { index in
            // Around the places themselves, where reports are (half a degree either way).
            let base = gazetteer.search(texts[index], limit: 1).first?.place.coordinate ?? Coordinate(latitude: 0, longitude: 0)
            let shift = Double(index % 101) / 100 - 0.5
            return Coordinate(latitude: max(-90, min(90, base.latitude + shift)), longitude: base.longitude - shift)
        }
        func time(_ count: Int, _ body: (Int) -> Void) -> LatencyStats {
            LatencyStats((0..<count).map { index in clock.measure { body(index) }.milliseconds })
        }
        var sink = 0
        let search = time(queries) { sink &+= gazetteer.search(texts[$0]).count }
        let searchBaseline = time(baselineQueries) { sink &+= gazetteer.linearSearch(texts[$0]).count }
        let reverse = time(queries) { sink &+= gazetteer.nearest(to: points[$0]) == nil ? 0 : 1 }
        let reverseBaseline = time(baselineQueries) { sink &+= gazetteer.linearNearest(to: points[$0]) == nil ? 0 : 1 }
        precondition(sink > 0)
        return Result(
            places: gazetteer.count, loadSeconds: load.milliseconds / 1000, memoryMiB: memory, search: search,
            searchBaseline: searchBaseline, reverse: reverse, reverseBaseline: reverseBaseline)
    }

    /// This process's resident memory (`VmRSS`), in MiB.
    static func residentMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}

extension BenchReport {
    public static func places(_ r: PlacesBenchmark.Result) -> String {
        func row(_ name: String, _ fast: LatencyStats, _ slow: LatencyStats) -> String {
            "| \(name) | \(f(fast.p50, 4)) | \(f(fast.p99, 4)) | \(f(slow.p50, 3)) | \(f(slow.p50 / max(fast.p50, 1e-9), 0))× |"
        }
        return """
            \(r.places) places · loaded in \(f(r.loadSeconds, 2)) s · \(f(r.memoryMiB, 1)) MiB resident for the gazetteer

            | operation | index p50 ms | index p99 ms | linear scan p50 ms | index faster by |
            |---|---|---|---|---|
            \(row("search by name (limit 10)", r.search, r.searchBaseline))
            \(row("nearest place (reverse)", r.reverse, r.reverseBaseline))
            """
    }
}
