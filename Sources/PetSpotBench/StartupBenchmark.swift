import Foundation

/// Time from spawning `petspot serve` to its first 200 on `/api/health`, on an empty data folder (the
/// schema is created) and on an existing database, `runs` times each; the folder is removed afterwards.
public struct StartupBenchmark: Sendable {
    /// Milliseconds for each start.
    public struct Result: Sendable {
        public var label: String
        public var stats: LatencyStats
        public var max: Double
    }

    public var runs: Int
    public var existing: URL?

    public init(runs: Int = 5, existing: URL? = nil) {
        self.runs = runs
        self.existing = existing
    }

    public func run() throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var empty: [Double] = [], loaded: [Double] = []
        for run in 0..<runs {
            empty.append(try start(folder.appendingPathComponent("run\(run)")))
            if let existing { loaded.append(try start(existing)) }
        }
        var results = [Result(label: "empty data folder", stats: LatencyStats(empty), max: empty.max() ?? 0)]
        if let existing { results.append(Result(label: existing.lastPathComponent, stats: LatencyStats(loaded), max: loaded.max() ?? 0)) }
        return results
    }

    func start(_ dataDirectory: URL) throws -> Double {
        let port = HTTPProbe.freePort()
        let server = try ServerProcess(
            executable: ChildProcess.currentExecutable,
            arguments: ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--jobs", "paused"],
            port: port, readyPath: "/api/health")
        server.stop()
        return server.startupMilliseconds
    }
}
