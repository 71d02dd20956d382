import Foundation

/// `petspot bench web`: each web page beside the JSON answer of the same reports, on one `petspot serve`
/// (list cache off) over the same database, alternating wrk runs so both see the same noise; then each
/// page alone on one connection, for the single-request latency.
public struct WebBenchmark: Sendable {
    /// A page and the JSON answer it is measured against.
    public struct Pair: Sendable {
        public var name: String
        public var page: String
        public var baseline: String
    }

    public struct Result: Sendable {
        public var pair: Pair
        public var page: WrkRun
        public var baseline: WrkRun
        /// The page's single-connection run: its p50 is one request's latency.
        public var single: WrkRun
        public var ratio: Double { page.requestsPerSecond / max(baseline.requestsPerSecond, 1e-9) }
    }

    public var dataDirectory: URL
    public var connections: Int
    public var seconds: Int
    public var rounds: Int
    public var threads: Int
    public var serveArguments: [String]

    public init(dataDirectory: URL, connections: Int = 16, seconds: Int = 5, rounds: Int = 3, threads: Int = 2, serveArguments: [String] = []) {
        self.dataDirectory = dataDirectory
        self.connections = connections
        self.seconds = seconds
        self.rounds = rounds
        self.threads = threads
        self.serveArguments = serveArguments
    }

    /// The pages timed: landing, list, list near a place, details, a flow step.
    static func pairs(reportID: String) -> [Pair] {
        [
            Pair(name: "list", page: "/lost-pets", baseline: "/api/v1/announcements?limit=12"),
            Pair(
                name: "list near a place", page: "/lost-pets?lat=52.23&lng=21.01&radius=10",
                baseline: "/api/v1/announcements?lat=52.23&lng=21.01&range=10&limit=12"),
            Pair(name: "landing", page: "/", baseline: "/api/v1/announcements?limit=5"),
            Pair(name: "details", page: "/lost-pets/\(reportID)", baseline: "/api/v1/announcements/\(reportID)"),
            Pair(name: "flow step", page: "/report-missing/microchip", baseline: "/api/v1/announcements/\(reportID)"),
        ]
    }

    public func run(log: (String) -> Void) throws -> [Result] {
        let port = HTTPProbe.freePort()
        let server = try ServerProcess(
            executable: ChildProcess.currentExecutable,
            arguments: ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--list-cache-seconds", "0", "--jobs", "paused"]
                + serveArguments, port: port, readyPath: "/api/health")
        defer { server.stop() }
        let base = "http://127.0.0.1:\(port)"
        guard let body = HTTPProbe.get(port: port, path: "/api/v1/announcements?limit=1"),
            let id = body.firstMatch(of: /"id":"([^"]+)"/)?.1
        else { throw BenchError.unexpectedOutput("no report to show") }
        return try Self.pairs(reportID: String(id)).map { pair in
            _ = try WrkRun.run(url: base + pair.page, connections: connections, threads: threads, seconds: 1)
            var runs: [(WrkRun, WrkRun)] = []
            for round in 1...rounds {
                let baseline = try server.measuringCPU {
                    try WrkRun.run(url: base + pair.baseline, connections: connections, threads: threads, seconds: seconds)
                }
                let page = try server.measuringCPU { try WrkRun.run(url: base + pair.page, connections: connections, threads: threads, seconds: seconds) }
                log("  \(pair.name) round \(round): page \(Int(page.requestsPerSecond)) req/s, JSON \(Int(baseline.requestsPerSecond)) req/s")
                runs.append((page, baseline))
            }
            let median = runs.sorted { $0.0.requestsPerSecond / $0.1.requestsPerSecond < $1.0.requestsPerSecond / $1.1.requestsPerSecond }[runs.count / 2]
            let single = try WrkRun.run(url: base + pair.page, connections: 1, threads: 1, seconds: seconds)
            return Result(pair: pair, page: median.0, baseline: median.1, single: single)
        }
    }
}
