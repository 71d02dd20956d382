import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A server child process on 127.0.0.1 (its output discarded), ready once `readyPath` answers 200.
/// Always stopped with SIGTERM; the bench never leaves one behind.
public final class ServerProcess: @unchecked Sendable {
    public let port: Int
    /// Milliseconds from spawning the process to the first 200 on `readyPath`.
    public private(set) var startupMilliseconds = 0.0
    private let process = Process()

    /// Spawns `executable arguments` and waits (polling every millisecond, at most `timeout` seconds) until ready.
    public init(executable: String, arguments: [String], port: Int, readyPath: String, timeout: Double = 60) throws {
        self.port = port
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        let deadline = start + .seconds(timeout)
        while !HTTPProbe.isOK(port: port, path: readyPath) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                stop()
                throw BenchError.serverDidNotStart(arguments.joined(separator: " "))
            }
            usleep(1000)
        }
        startupMilliseconds = (ContinuousClock.now - start).milliseconds
    }

    public var pid: Int32 { process.processIdentifier }

    /// Peak resident set size so far (`VmHWM`), in MiB.
    public func peakRSSMiB() -> Double { Self.statusField("VmHWM", pid: pid) / 1024 }
    /// Current resident set size (`VmRSS`), in MiB.
    public func rssMiB() -> Double { Self.statusField("VmRSS", pid: pid) / 1024 }

    /// CPU time the server has used so far (user + system, all threads), in seconds.
    public func cpuSeconds() -> Double {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the parenthesised command name; utime and stime are the 14th and 15th of the line.
        let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs `body` (a wrk run) and adds this server's CPU time per request to its result, and what its
    /// background jobs did meanwhile.
    public func measuringCPU(_ body: () throws -> WrkRun) rethrows -> WrkRun {
        let items = HTTPProbe.backgroundItems(port: port)
        let before = cpuSeconds()
        var run = try body()
        run.serverCPUMicroseconds = (cpuSeconds() - before) * 1e6 / Double(max(1, run.requests))
        run.backgroundItems = HTTPProbe.backgroundItems(port: port) - items
        return run
    }

    /// SIGTERM, then waits up to 10 s before SIGKILL.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<1000 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    /// A `kB` field of /proc/<pid>/status.
    public static func statusField(_ name: String, pid: Int32) -> Double {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    deinit { stop() }
}

/// What can stop a benchmark.
public enum BenchError: Error, CustomStringConvertible {
    case serverDidNotStart(String)
    case toolMissing(String)
    case unexpectedOutput(String)

    public var description: String {
        switch self {
        case .serverDidNotStart(let command): return "the server did not become ready: \(command)"
        case .toolMissing(let tool): return "\(tool) is not installed (apt-get install -y \(tool))"
        case .unexpectedOutput(let text): return "unexpected output: \(text)"
        }
    }
}
