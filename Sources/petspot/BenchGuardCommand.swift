import ArgumentParser
import Foundation
import PetSpotBench

/// `petspot bench guard`: each hot path's server CPU per request against its recorded budget (CI runs it).
struct BenchGuard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guard",
        abstract: "Hot paths' server CPU per request vs the ceiling; fails above twice the recorded budget.")
    @OptionGroup var data: BenchDataOptions
    @Option(help: "Reports in the served database.") var reports = 100_000
    @Option(help: "Seconds per wrk run.") var seconds = 3
    @Option(help: "The budgets, multiples of the ceiling's CPU per request.") var budgets = "docs/hot-path-budgets.json"

    func run() async throws {
        let database = data.database(reports)
        try await database.open().close()
        let bench = GuardBenchmark(
            dataDirectory: database.directory, budgets: try GuardBenchmark.budgets(at: URL(fileURLWithPath: budgets)),
            seconds: seconds)
        let results = try bench.run { print($0) }
        print(BenchReport.hotPaths(results))
        let failed = results.filter { !$0.passed }.map(\.path.name)
        guard failed.isEmpty else {
            print(
                "guard: \(results.count - failed.count) passed, \(failed.count) failed (\(failed.joined(separator: ", ")) over twice its budget, with errors, or with a background job running)"
            )
            throw ExitCode.failure
        }
        print("guard: \(results.count) passed, 0 failed")
    }
}
