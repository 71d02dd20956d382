import Foundation
import PetSpotDomain

/// `GET /api/v1/announcements?lat&lng&range&limit` on a real `petspot serve` child process against the
/// bare-Hummingbird ceiling in another child, alternating wrk runs so both see the same noise.
public struct HTTPBenchmark: Sendable {
    /// One connection count's numbers.
    public struct Result: Sendable {
        public var connections: Int
        public var list: WrkRun
        public var ceiling: WrkRun
        public var share: Double { list.requestsPerSecond / max(ceiling.requestsPerSecond, 1e-9) }
        /// The ceiling's server CPU per request over the list's: the share the list could reach if the
        /// server had the machine to itself. Robust to other load on the machine.
        public var cpuShare: Double? {
            guard let listCPU = list.serverCPUMicroseconds, let ceilingCPU = ceiling.serverCPUMicroseconds, listCPU > 0 else { return nil }
            return ceilingCPU / listCPU
        }
    }

    public var dataDirectory: URL
    public var connections: [Int]
    public var seconds: Int
    public var rounds: Int
    public var threads: Int
    public var seed: UInt64
    /// Extra `petspot serve` arguments (say, a PostgreSQL store once it exists).
    public var serveArguments: [String]
    /// Sends the headers the published iOS app's URLSession sends (`Accept-Encoding: gzip, deflate, br`
    /// among them); false sends wrk's bare request.
    public var appHeaders = true

    public init(
        dataDirectory: URL, connections: [Int] = [64], seconds: Int = 10, rounds: Int = 2, threads: Int = 2,
        seed: UInt64 = 7, serveArguments: [String] = []
    ) {
        self.dataDirectory = dataDirectory
        self.connections = connections
        self.seconds = seconds
        self.rounds = rounds
        self.threads = threads
        self.seed = seed
        self.serveArguments = serveArguments
    }

    /// Starts both servers, warms them up, runs `rounds` alternating pairs per connection count (the
    /// median round by list throughput is kept) and stops both servers.
    public func run(log: (String) -> Void) throws -> [Result] {
        let executable = ChildProcess.currentExecutable
        let (port, ceilingPort) = (HTTPProbe.freePort(), HTTPProbe.freePort())
        let server = try ServerProcess(
            executable: executable, arguments: ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--jobs", "paused"] + serveArguments,
            port: port, readyPath: "/api/health")
        defer { server.stop() }
        let budget = (seconds * 2 * rounds * connections.count + 60) * 2
        let ceiling = try ServerProcess(
            executable: executable, arguments: ["bench", "ceiling", "--port", "\(ceilingPort)", "--max-seconds", "\(budget)"],
            port: ceilingPort, readyPath: CeilingServer.path)
        defer { ceiling.stop() }
        let script = try writeScript()
        defer { try? FileManager.default.removeItem(atPath: script) }
        let listURL = "http://127.0.0.1:\(port)", ceilingURL = "http://127.0.0.1:\(ceilingPort)\(CeilingServer.path)"
        _ = try WrkRun.run(url: listURL, connections: 16, threads: threads, seconds: 2, script: script)
        _ = try WrkRun.run(url: ceilingURL, connections: 16, threads: threads, seconds: 2)
        return try connections.map { count in
            var pairs: [(WrkRun, WrkRun)] = []
            for round in 1...rounds {
                let ceilingRun = try ceiling.measuringCPU {
                    try WrkRun.run(url: ceilingURL, connections: count, threads: threads, seconds: seconds)
                }
                let listRun = try server.measuringCPU {
                    try WrkRun.run(url: listURL, connections: count, threads: threads, seconds: seconds, script: script)
                }
                log(
                    "  c=\(count) round \(round): list \(Int(listRun.requestsPerSecond)) req/s p99 \(listRun.p99) ms, ceiling \(Int(ceilingRun.requestsPerSecond)) req/s"
                )
                pairs.append((listRun, ceilingRun))
            }
            let median = pairs.sorted { $0.0.requestsPerSecond < $1.0.requestsPerSecond }[pairs.count / 2]
            return Result(connections: count, list: median.0, ceiling: median.1)
        }
    }

    /// A wrk Lua script cycling through 500 list URLs centred where reports are (seeded).
    /// What the published app's URLSession sends with a list request, as a Lua table's body.
    static let appHeaders = [
        ("Accept", "application/json"), ("Accept-Encoding", "gzip, deflate, br"), ("Accept-Language", "pl-PL,pl;q=0.9"),
        ("User-Agent", "PetSpot/1.4 CFNetwork/1568.100.1 Darwin/24.0.0"),
    ].map { "[\"\($0.0)\"] = \"\($0.1)\"" }.joined(separator: ", ")

    func writeScript() throws -> String {
        var points = SyntheticReports(seed: seed)
        let paths = (0..<500).map { _ -> String in
            let p = points.nextPoint()
            return "\"/api/v1/announcements?lat=\(String(format: "%.5f", p.latitude))&lng=\(String(format: "%.5f", p.longitude))&range=10&limit=50\""
        }
        let lua = """
            local paths = {\(paths.joined(separator: ",\n"))}
            local counter = 0
            local headers = {\(appHeaders ? Self.appHeaders : "")}
            request = function()
              counter = counter % #paths + 1
              return wrk.format("GET", paths[counter], headers)
            end
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-bench-\(UUID().uuidString).lua").path
        try lua.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
