import Foundation

/// Markdown tables of benchmark results, as pasted into docs/PERFORMANCE.md.
public enum BenchReport {
    public static func nearby(_ results: [NearbyBenchmark.Result]) -> String {
        var lines = [
            "| reports | R*Tree p50 ms | R*Tree p99 ms | full scan p50 ms | full scan p99 ms | p50 speed-up | rows/query | queries (index / scan) | mismatches |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            lines.append(
                "| \(r.reports) | \(f(r.contender.p50, 3)) | \(f(r.contender.p99, 3)) | \(f(r.baseline.p50, 1)) | \(f(r.baseline.p99, 1)) | \(f(r.speedupP50, 0))× | \(f(r.meanRows, 1)) | \(r.contender.count) / \(r.baseline.count) | \(r.mismatches) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func photoSearch(_ r: PhotoSearchBenchmark.Result) -> String {
        [
            "| reports | looks within 20 km | compared per search | search p50 ms | search p99 ms | whole reports, then looks p50 ms | p99 ms | search ÷ that (p50) | list of 50 p50 ms | search ÷ list (p50) | every look p50 ms | every look p99 ms | searches (newest / every) | mismatches |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
            "| \(r.reports) | \(r.photos) | \(f(r.meanCompared, 0)) | \(f(r.search.p50, 2)) | \(f(r.search.p99, 2)) | \(f(r.listed.p50, 2)) | \(f(r.listed.p99, 2)) | \(f(r.ratioToListed, 2)) | \(f(r.list.p50, 2)) | \(f(r.ratioToList, 1))× | \(f(r.everyLook.p50, 1)) | \(f(r.everyLook.p99, 1)) | \(r.search.count) / \(r.everyLook.count) | \(r.mismatches) |",
        ].joined(separator: "\n")
    }

    public static func search(_ results: [SearchBenchmark.Result]) -> String {
        var lines = [
            "| reports | search | index p50 ms | index p99 ms | scan p50 ms | scan p99 ms | p50 speed-up | rows/query | queries (index / scan) | mismatches |",
            "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            lines.append(
                "| \(r.reports) | \(r.mode) | \(f(r.contender.p50, 3)) | \(f(r.contender.p99, 3)) | \(f(r.baseline.p50, 1)) | \(f(r.baseline.p99, 1)) | \(f(r.speedupP50, 0))× | \(f(r.meanRows, 1)) | \(r.contender.count) / \(r.baseline.count) | \(r.mismatches) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func http(_ results: [HTTPBenchmark.Result]) -> String {
        var lines = [
            "| connections | list req/s | list p50 ms | list p99 ms | ceiling req/s | ceiling p99 ms | list / ceiling | server CPU µs/req list / ceiling | CPU share | errors | jobs' items |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            let cpu = "\(f(r.list.serverCPUMicroseconds ?? 0, 0)) / \(f(r.ceiling.serverCPUMicroseconds ?? 0, 1))"
            lines.append(
                "| \(r.connections) | \(f(r.list.requestsPerSecond, 0)) | \(f(r.list.p50, 2)) | \(f(r.list.p99, 2)) | \(f(r.ceiling.requestsPerSecond, 0)) | \(f(r.ceiling.p99, 2)) | \(f(r.share * 100, 1)) % | \(cpu) | \(f((r.cpuShare ?? 0) * 100, 1)) % | \(r.list.errors + r.ceiling.errors) | \(r.list.backgroundItems) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func hotPaths(_ results: [GuardBenchmark.Result]) -> String {
        var lines = [
            "| path | server CPU µs/req | ceiling µs/req | multiple of the ceiling | budget | fails above | req/s | errors | jobs' items | verdict |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for r in results {
            lines.append(
                "| \(r.path.name) `\(r.path.path.replacingOccurrences(of: "|", with: "\\|"))` | \(f(r.run.serverCPUMicroseconds ?? 0, 0)) | \(f(r.ceiling.serverCPUMicroseconds ?? 0, 1)) | \(f(r.multiple, 1))× | \(f(r.budget, 1))× | \(f(2 * r.budget, 1))× | \(f(r.run.requestsPerSecond, 0)) | \(r.run.errors) | \(r.run.backgroundItems) | \(r.passed ? "pass" : "**FAIL**") |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func web(_ results: [WebBenchmark.Result]) -> String {
        var lines = [
            "| page | page req/s | JSON req/s | page / JSON | page p50 ms | page p99 ms | server CPU µs/req page / JSON | one connection p50 ms | errors |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            let cpu = "\(f(r.page.serverCPUMicroseconds ?? 0, 0)) / \(f(r.baseline.serverCPUMicroseconds ?? 0, 0))"
            lines.append(
                "| \(r.pair.name) `\(r.pair.page)` | \(f(r.page.requestsPerSecond, 0)) | \(f(r.baseline.requestsPerSecond, 0)) | \(f(r.ratio * 100, 1)) % | \(f(r.page.p50, 2)) | \(f(r.page.p99, 2)) | \(cpu) | \(f(r.single.p50, 3)) | \(r.page.errors + r.baseline.errors + r.single.errors) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func upload(_ results: [UploadBenchmark.Result]) -> String {
        var lines = [
            "| photo store | uploads | size | succeeded | wall s | RSS before MiB | peak RSS (VmHWM) MiB |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for r in results {
            lines.append(
                "| \(r.store) | \(r.uploads) concurrent | \(r.megabytes) MiB | \(r.succeeded) | \(f(r.seconds, 2)) | \(f(r.idleRSSMiB, 1)) | \(f(r.peakRSSMiB, 1)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    public static func startup(_ results: [StartupBenchmark.Result]) -> String {
        var lines = ["| data | runs | p50 ms | max ms |", "|---|---:|---:|---:|"]
        for r in results { lines.append("| \(r.label) | \(r.stats.count) | \(f(r.stats.p50, 1)) | \(f(r.max, 1)) |") }
        return lines.joined(separator: "\n")
    }

    public static func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
