import ArgumentParser
import Foundation
import PetSpotBench
import PetSpotDomain
import PetSpotLooks
import PetSpotStore

/// `petspot bench photos`: look-alikes measured. Each photo's look (decode, resize, the model) with the time per
/// type and the process's memory before and after the model; then search by photo at `--reports` reports with
/// `--photos` looks within 20 km, beside the list of the same area and a search that compares every look.
struct BenchPhotos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos", abstract: "Look-alikes: time and memory per look; search by photo at 1 M reports with 100 k photos nearby.")
    @OptionGroup var data: BenchDataOptions
    @OptionGroup var place: Model.Place
    @Option(help: "Reports in the database.") var reports = 1_000_000
    @Option(help: "Reports within 20 km that have a photo's look.") var photos = 100_000
    @Option(help: "Timed searches.") var queries = 200
    @Option(help: "Searches that compare every look in the area.") var full = 5
    @Option(name: .customLong("photo-dir"), help: "Photos to look at (JPEG, PNG, WebP).") var photoDirectory = "Tests/Photos"
    @Option(help: "Looks per photo.") var rounds = 20

    @Option(name: .customLong("database-url"), help: "Run on this PostgreSQL instead of SQLite (its reports are replaced).")
    var databaseURL: String?

    func run() async throws {
        try measureLooks()
        let bench = PhotoSearchBenchmark(queries: queries, fullQueries: full)
        if let databaseURL {
            try await PostgresStore.withStore(url: try DatabaseURL(databaseURL)) { store in
                // The same seeded reports as SQLite's, loaded once: a database holding them is used again.
                if try await store.count() != reports {
                    _ = try await store.client.query("TRUNCATE announcement, photo_look, look_queue CASCADE").collect()
                    try await BenchDatabase.load(count: reports, seed: data.seed, into: store) { print($0) }
                }
                try await measure(bench, on: store)
            }
            return
        }
        let store = try await PhotoSearchBenchmark.workingCopy(of: data.database(reports)) { print($0) }
        try await measure(bench, on: store)
        try await store.close()
    }

    func measure(_ bench: PhotoSearchBenchmark, on store: some PhotoBenchStore) async throws {
        let have = try await bench.prepare(store, photos: photos) { print($0) }
        if let postgres = store as? PostgresStore { try await postgres.analyze() }
        let result = try await bench.run(store, reports: reports, photos: have)
        print(BenchReport.photoSearch(result))
    }

    /// Loads the model and looks at each photo `rounds` times: the time per look by type, and memory.
    func measureLooks() throws {
        let before = Self.memoryMiB("VmRSS")
        let started = ContinuousClock.now
        let model = try place.files().open()
        let loaded = ContinuousClock.now - started
        let afterLoad = Self.memoryMiB("VmRSS")
        let folder = URL(fileURLWithPath: photoDirectory)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var times: [String: [Double]] = [:]
        for name in files {
            let type = name.split(separator: ".").last.map { String($0).uppercased() } ?? ""
            guard ["JPG", "PNG", "WEBP"].contains(type), let bytes = FileManager.default.contents(atPath: folder.appending(path: name).path)
            else { continue }
            for _ in 0..<rounds {
                let start = ContinuousClock.now
                _ = try model.look(at: Array(bytes))
                times[type, default: []].append((ContinuousClock.now - start).milliseconds)
            }
        }
        print("model loaded in \(Int(loaded.milliseconds)) ms; RSS \(Int(before)) MiB before, \(Int(afterLoad)) MiB after")
        print("| photos | looks | p50 ms | p99 ms | mean ms |\n|---|---:|---:|---:|---:|")
        for (type, samples) in times.sorted(by: { $0.key < $1.key }) {
            let stats = LatencyStats(samples)
            print("| \(type) | \(stats.count) | \(BenchReport.f(stats.p50, 1)) | \(BenchReport.f(stats.p99, 1)) | \(BenchReport.f(stats.mean, 1)) |")
        }
        print("peak RSS (VmHWM) after the looks: \(Int(Self.memoryMiB("VmHWM"))) MiB\n")
    }

    /// This process's `VmRSS` or `VmHWM`, in MiB.
    static func memoryMiB(_ field: String) -> Double { ServerProcess.statusField(field, pid: getpid()) / 1024 }
}
