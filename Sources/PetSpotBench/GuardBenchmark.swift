import Foundation

/// `petspot bench guard`: each hot path's server CPU per request as a multiple of the bare
/// ceiling's, measured in one run, against the budgets recorded in the repository. A path over twice its
/// budget fails the run, so a change that adds work to a hot path (a write per read, a lookup per row)
/// is caught in CI. CPU per request, not throughput: it moves far less with the machine's other load.
public struct GuardBenchmark: Sendable {
    /// A path and what it measures.
    public struct Path: Sendable {
        public var name: String
        public var path: String
        /// Served with the list cache on (the shipped setting), or off (every request does its work).
        public var cached: Bool
    }

    public struct Result: Sendable {
        public var path: Path
        public var run: WrkRun
        public var ceiling: WrkRun
        public var budget: Double
        /// Server CPU per request over the ceiling's.
        public var multiple: Double { (run.serverCPUMicroseconds ?? 0) / max(ceiling.serverCPUMicroseconds ?? 1, 1e-9) }
        /// Within twice its budget, without errors, and no background job ran during the measurement.
        public var passed: Bool { multiple <= 2 * budget && run.errors == 0 && run.backgroundItems == 0 }
    }

    public var dataDirectory: URL
    public var budgets: [String: Double]
    public var seconds: Int
    public var connections: Int

    public init(dataDirectory: URL, budgets: [String: Double], seconds: Int = 3, connections: Int = 16) {
        self.dataDirectory = dataDirectory
        self.budgets = budgets
        self.seconds = seconds
        self.connections = connections
    }

    /// The hot paths: the list (one search answered from the cache; a search each time), one report as
    /// JSON and as its page, a missing report's page (where to look), and a report flow's first step.
    static func paths(reportID: String, missingID: String) -> [Path] {
        let search = "/api/v1/announcements?lat=52.23&lng=21.01&range=10&limit=50"
        return [
            Path(name: "list-cached", path: search, cached: true),
            Path(name: "list", path: search, cached: false),
            Path(name: "report", path: "/api/v1/announcements/\(reportID)", cached: false),
            Path(name: "report-page", path: "/lost-pets/\(reportID)", cached: false),
            Path(name: "report-page-missing", path: "/lost-pets/\(missingID)", cached: false),
            Path(name: "flow-step", path: "/report-missing/microchip", cached: false),
        ]
    }

    /// Budgets as recorded: `{"list": 50, …}`, multiples of the ceiling's CPU per request.
    public static func budgets(at file: URL) throws -> [String: Double] {
        try JSONDecoder().decode([String: Double].self, from: Data(contentsOf: file))
    }

    public func run(log: (String) -> Void) throws -> [Result] {
        let executable = ChildProcess.currentExecutable
        let ceilingPort = HTTPProbe.freePort()
        let ceiling = try ServerProcess(
            executable: executable, arguments: ["bench", "ceiling", "--port", "\(ceilingPort)", "--max-seconds", "600"],
            port: ceilingPort, readyPath: CeilingServer.path)
        defer { ceiling.stop() }
        let ceilingURL = "http://127.0.0.1:\(ceilingPort)\(CeilingServer.path)"
        var results: [Result] = []
        for cached in [true, false] {
            let port = HTTPProbe.freePort()
            let server = try ServerProcess(
                executable: executable,
                arguments: [
                    "serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--jobs", "paused",
                    "--list-cache-seconds", cached ? "1" : "0",
                ],
                port: port, readyPath: "/api/health")
            defer { server.stop() }
            guard let body = HTTPProbe.get(port: port, path: "/api/v1/announcements?limit=1"),
                let id = body.firstMatch(of: /"id":"([^"]+)"/)?.1,
                let missing = HTTPProbe.get(port: port, path: "/api/v1/announcements?limit=1&status=MISSING")?.firstMatch(of: /"id":"([^"]+)"/)?.1
            else { throw BenchError.unexpectedOutput("no report to show") }
            for path in Self.paths(reportID: String(id), missingID: String(missing)) where path.cached == cached {
                let url = "http://127.0.0.1:\(port)\(path.path)"
                _ = try WrkRun.run(url: url, connections: connections, threads: 2, seconds: 1)
                let ceilingRun = try ceiling.measuringCPU { try WrkRun.run(url: ceilingURL, connections: connections, threads: 2, seconds: seconds) }
                let run = try server.measuringCPU { try WrkRun.run(url: url, connections: connections, threads: 2, seconds: seconds) }
                let result = Result(path: path, run: run, ceiling: ceilingRun, budget: budgets[path.name] ?? 0)
                log(
                    "  \(path.name): \(Int(run.serverCPUMicroseconds ?? 0)) µs vs ceiling \(Int(ceilingRun.serverCPUMicroseconds ?? 0)) µs = \(String(format: "%.1f", result.multiple))× (budget \(result.budget)×)"
                )
                results.append(result)
            }
        }
        return results
    }
}
