/// Percentiles of a set of timings, in milliseconds.
public struct LatencyStats: Sendable, Equatable {
    public var count: Int
    public var p50: Double
    public var p99: Double
    public var mean: Double

    /// Nearest-rank percentiles of `samples` (milliseconds); zeros when empty.
    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        p50 = rank(0.50)
        p99 = rank(0.99)
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    }
}
