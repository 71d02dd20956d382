import Foundation

/// One `wrk --latency` run on loopback and what it printed.
public struct WrkRun: Sendable {
    public var requestsPerSecond: Double
    public var p50: Double
    public var p99: Double
    /// Non-2xx responses plus socket errors.
    public var errors: Int
    /// Requests completed.
    public var requests: Int
    /// Server CPU time (user + system) per request in microseconds, when the caller measured it.
    public var serverCPUMicroseconds: Double?
    /// What the server's background jobs did while it was measured (`petspot_background_items_total`):
    /// 0 unless a job ran beside the requests.
    public var backgroundItems = 0

    /// Runs `wrk` against `url` (with an optional Lua `script`) and parses its summary.
    public static func run(url: String, connections: Int, threads: Int, seconds: Int, script: String? = nil) throws -> WrkRun {
        guard let wrk = ChildProcess.which("wrk") else { throw BenchError.toolMissing("wrk") }
        var arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "--timeout", "5s"]
        if let script { arguments += ["-s", script] }
        let (output, _) = try ChildProcess.run(wrk, arguments + [url])
        return try parse(output)
    }

    /// Reads `Requests/sec`, the 50 % and 99 % latency lines and the error counts of wrk's output.
    static func parse(_ output: String) throws -> WrkRun {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func value(after prefix: String) -> Substring? {
            lines.first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count).split(separator: " ").first
        }
        guard let rps = value(after: "Requests/sec:").flatMap({ Double($0) }),
            let p50 = value(after: "50%").flatMap(milliseconds), let p99 = value(after: "99%").flatMap(milliseconds)
        else {
            throw BenchError.unexpectedOutput(output)
        }
        let non2xx = value(after: "Non-2xx or 3xx responses:").flatMap { Int($0) } ?? 0
        let socket =
            lines.first { $0.hasPrefix("Socket errors:") }.map { line in
                line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
            } ?? 0
        let requests = lines.first { $0.contains(" requests in ") }?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        return WrkRun(requestsPerSecond: rps, p50: p50, p99: p99, errors: non2xx + socket, requests: requests)
    }

    /// `12.34ms`, `850.00us`, `1.20s` in milliseconds.
    static func milliseconds(_ text: Substring) -> Double? {
        for (unit, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * factor }
        }
        return nil
    }
}
