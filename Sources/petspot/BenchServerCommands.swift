import ArgumentParser
import Foundation
import PetSpotBench
import PetSpotS3
import PetSpotStore

/// `petspot bench startup`: spawn to first 200 of `petspot serve`.
struct BenchStartup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "startup", abstract: "Cold start to ready of `petspot serve`.")
    @OptionGroup var data: BenchDataOptions
    @Option(help: "Starts per data folder.") var runs = 5
    @Option(help: "Also start on the cached database of this many reports (0: skip).") var reports = 1_000_000

    func run() async throws {
        let existing = reports > 0 ? data.database(reports) : nil
        if let existing { try await existing.open().close() }
        print(BenchReport.startup(try StartupBenchmark(runs: runs, existing: existing?.directory).run()))
    }
}

/// `petspot bench ceiling`: the bare Hummingbird server the HTTP benchmark starts as its ceiling.
struct BenchCeiling: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ceiling", abstract: "Serve a fixed small JSON at /ceiling on 127.0.0.1 (stops by itself).")
    @Option(help: "Port on 127.0.0.1.") var port = 3999
    @Option(name: .customLong("max-seconds"), help: "Exit after this many seconds.") var maxSeconds = 600

    func run() async throws {
        try await CeilingServer.run(port: port, maxSeconds: maxSeconds)
    }
}

/// `petspot bench places`: the gazetteer's name search and nearest place beside linear scans.
struct BenchPlaces: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "places", abstract: "Gazetteer: search and reverse vs linear scans, load time, memory.")
    @Option(help: "Timed lookups on the indexes.") var queries = 5000
    @Option(name: .customLong("baseline-queries"), help: "Timed lookups by linear scan.") var baselineQueries = 200
    @Option(help: "Seed of the sampled queries.") var seed: UInt64 = 42

    func run() throws {
        print(BenchReport.places(try PlacesBenchmark(queries: queries, baselineQueries: baselineQueries, seed: seed).run()))
    }
}

/// `petspot bench alerts`: the subscriptions to tell about a new report, geo index vs a scan.
struct BenchAlerts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Nearby alerts: subscriptions covering a new report, geo index vs scan.")
    @OptionGroup var data: BenchDataOptions
    @Option(help: "Reports in the database.") var reports = 1_000_000
    @Option(help: "Confirmed subscriptions.") var subscriptions = 100_000
    @Option(help: "Timed lookups through the index.") var queries = 2000
    @Option(name: .customLong("scan-queries"), help: "Timed scans, interleaved.") var scanQueries = 40

    func run() async throws {
        let store = try await data.database(reports).open()
        let present = try await store.subscriptionCount()
        if present != subscriptions {
            try await store.removeAllSubscriptions()
            let all = AlertsBenchmark.subscriptions(subscriptions, seed: data.seed)
            for start in stride(from: 0, to: all.count, by: 10_000) {
                try await store.bulkLoadSubscriptions(Array(all[start..<min(all.count, start + 10_000)]))
            }
            print("loaded \(subscriptions) subscriptions")
        }
        let result = try await AlertsBenchmark(queries: queries, scanQueries: scanQueries).run(
            reports: reports, subscriptions: subscriptions,
            store: store)
        try await store.close()
        print(BenchReport.alerts(result))
    }
}
