import ArgumentParser
import Foundation
import PetSpotBench
import PetSpotS3
import PetSpotStore

/// `petspot bench …`: reproducible benchmarks on loopback; each prints a Markdown table.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks: nearby query, HTTP list throughput, web pages, uploads, start-up (release builds only).",
        subcommands: [
            BenchNearby.self, BenchHTTP.self, BenchWeb.self, BenchUpload.self, BenchStartup.self, BenchCeiling.self,
            BenchPlaces.self, BenchAlerts.self, BenchGuard.self, BenchSearch.self, BenchPhotos.self,
        ])
}

/// Options every data-backed benchmark shares.
struct BenchDataOptions: ParsableArguments {
    @Option(name: .customLong("data-root"), help: "Folder caching generated databases (git-ignored).")
    var dataRoot = ".bench-data"
    @Option(help: "Seed of the synthetic reports.") var seed: UInt64 = 42

    func database(_ count: Int) -> BenchDatabase {
        BenchDatabase(root: URL(fileURLWithPath: dataRoot), count: count, seed: seed)
    }
}

/// `petspot bench nearby`: the R*Tree nearby query against the full scan on the same data.
struct BenchNearby: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "nearby", abstract: "Nearby query (10 km, 50 results): R*Tree vs full scan.")
    @OptionGroup var data: BenchDataOptions
    @Option(parsing: .upToNextOption, help: "Database sizes.") var sizes: [Int] = [10_000, 100_000, 1_000_000]
    @Option(help: "Timed queries on the index per size.") var queries = 2000
    @Option(name: .customLong("scan-budget"), help: "Rows the full scan may read per size (queries = budget / size, 10…queries).")
    var scanBudget = 40_000_000

    @Option(name: .customLong("database-url"), help: "Run on this PostgreSQL instead of SQLite (its announcements are replaced).")
    var databaseURL: String?

    func run() async throws {
        if let databaseURL { return try await runOnPostgres(try DatabaseURL(databaseURL)) }
        var results: [NearbyBenchmark.Result] = []
        for size in sizes {
            let store = try await data.database(size).open()
            let bench = NearbyBenchmark(queries: queries, baselineQueries: min(queries, max(10, scanBudget / size)))
            results.append(
                try await bench.run(
                    reports: size, contender: { try await store.list($0) },
                    baseline: { try await store.fullScanList($0) }))
            try await store.close()
            print(BenchReport.nearby(results.suffix(1)))
        }
        print(BenchReport.nearby(results))
    }
}

extension BenchNearby {
    /// The same benchmark on PostgreSQL: each size is loaded afresh (same seed, same reports) and analysed.
    func runOnPostgres(_ url: DatabaseURL) async throws {
        try await PostgresStore.withStore(url: url) { store in
            var results: [NearbyBenchmark.Result] = []
            for size in sizes {
                _ = try await store.client.query("TRUNCATE announcement CASCADE").collect()
                try await BenchDatabase.load(count: size, seed: data.seed, into: store) { print($0) }
                try await store.analyze()
                let bench = NearbyBenchmark(queries: queries, baselineQueries: min(queries, max(10, scanBudget / size)))
                results.append(
                    try await bench.run(
                        reports: size, contender: { try await store.list($0) },
                        baseline: { try await store.fullScanList($0) }))
                print(BenchReport.nearby(results.suffix(1)))
            }
            print(BenchReport.nearby(results))
        }
    }
}

/// `petspot bench search`: free-text search on the word index against a scan, alone and with a place.
struct BenchSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Free-text search (50 results): FTS5 vs a scan, alone and within 10 km.")
    @OptionGroup var data: BenchDataOptions
    @Option(parsing: .upToNextOption, help: "Database sizes.") var sizes: [Int] = [1_000_000]
    @Option(help: "Timed searches on the index per size and mode.") var queries = 500
    @Option(help: "Scans per size and mode.") var scans = 5

    func run() async throws {
        var results: [SearchBenchmark.Result] = []
        for size in sizes {
            let store = try await data.database(size).open()
            let bench = SearchBenchmark(queries: queries, baselineQueries: scans)
            results += try await bench.run(
                reports: size, expand: { try await store.expand($0) }, contender: { try await store.list($0) },
                baseline: { try await store.fullScanSearch($0) })
            try await store.close()
            print(BenchReport.search(results.suffix(2)))
        }
        print(BenchReport.search(results))
    }
}

/// `petspot bench http`: wrk on the list endpoint against a bare Hummingbird ceiling.
struct BenchHTTP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "http", abstract: "List throughput and p99 with wrk vs a bare Hummingbird ceiling.")
    @OptionGroup var data: BenchDataOptions
    @Option(help: "Reports in the served database.") var reports = 1_000_000
    @Option(parsing: .upToNextOption, help: "wrk connection counts.") var connections: [Int] = [64]
    @Option(help: "Seconds per wrk run.") var seconds = 10
    @Option(help: "Alternating list/ceiling pairs per connection count (the median is kept).") var rounds = 3
    @Option(name: .customLong("serve-argument"), help: "Extra argument for `petspot serve` (repeatable), e.g. another store.")
    var serveArguments: [String] = []
    @Flag(inversion: .prefixedNo, help: "Send the published app's request headers (gzip accepted) or wrk's bare request.")
    var appHeaders = true

    func run() async throws {
        let database = data.database(reports)
        try await database.open().close()
        var bench = HTTPBenchmark(
            dataDirectory: database.directory, connections: connections, seconds: seconds,
            rounds: rounds, serveArguments: serveArguments)
        bench.appHeaders = appHeaders
        print(BenchReport.http(try bench.run { print($0) }))
    }
}

/// `petspot bench web`: the web pages against the JSON answers of the same reports.
struct BenchWeb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "web", abstract: "Web pages vs the JSON answers of the same reports (wrk, list cache off).")
    @OptionGroup var data: BenchDataOptions
    @Option(help: "Reports in the served database.") var reports = 1_000_000
    @Option(help: "wrk connections.") var connections = 16
    @Option(help: "Seconds per wrk run.") var seconds = 5
    @Option(help: "Alternating page/JSON pairs per page (the median ratio is kept).") var rounds = 3

    func run() async throws {
        let database = data.database(reports)
        try await database.open().close()
        let bench = WebBenchmark(dataDirectory: database.directory, connections: connections, seconds: seconds, rounds: rounds)
        print(BenchReport.web(try bench.run { print($0) }))
    }
}

/// `petspot bench upload`: concurrent 20 MiB photo uploads and the server's peak RSS.
struct BenchUpload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "upload", abstract: "Concurrent photo uploads and the server's peak RSS (VmHWM).")
    @Option(help: "Concurrent uploads.") var uploads = 16
    @Option(help: "Photo size in MiB (the limit is 20).") var megabytes = 20
    @Option(
        help: "Also upload to this bucket, s3://bucket/prefix (made when missing; keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), after the folder.")
    var photoStore: String?
    @Option(help: "The bucket's S3-compatible server.") var s3Endpoint: String?
    @Option(help: "Address the bucket path-style (MinIO, Ceph, moto).") var s3PathStyle = false

    func run() async throws {
        var results = [try await UploadBenchmark(uploads: uploads, megabytes: megabytes).run()]
        if let photoStore {
            guard let (bucket, prefix) = S3Location.parse(photoStore),
                let credentials = S3Credentials.fromEnvironment(ProcessInfo.processInfo.environment)
            else {
                throw ValidationError("--photo-store must be s3://bucket/prefix, with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY set")
            }
            let location = S3Location(bucket: bucket, prefix: prefix, endpoint: s3Endpoint.flatMap(URL.init(string:)), pathStyle: s3PathStyle)
            let client = S3Client(location: location, credentials: credentials)
            try await client.createBucket()
            let before = try await client.list(prefix: "images/").count
            let settings = (s3Endpoint.map { ["--s3-endpoint", $0] } ?? []) + ["--s3-path-style", "\(s3PathStyle)"]
            results.append(try await UploadBenchmark(uploads: uploads, megabytes: megabytes, photoStore: photoStore, storeSettings: settings).run())
            let stored = try await client.list(prefix: "images/").filter { $0.size == megabytes << 20 }.count
            print("Photos of \(megabytes) MiB in the bucket: \(stored) (\(before) objects before).")
        }
        print(BenchReport.upload(results))
    }
}
