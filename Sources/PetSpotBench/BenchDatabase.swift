import Foundation
import Logging
import PetSpotDomain
import PetSpotStore

/// A generated database kept under the bench data folder (`<root>/reports-<count>-seed<seed>/petspot.sqlite`,
/// the layout `petspot serve --data-dir` expects) and reused while its `complete` marker exists.
public struct BenchDatabase: Sendable {
    public let root: URL
    public let count: Int
    public let seed: UInt64
    /// One fixed management-password hash for every bulk-loaded row (no scrypt).
    public static let passwordHash = "bench$no-login"

    public init(root: URL, count: Int, seed: UInt64) {
        self.root = root
        self.count = count
        self.seed = seed
    }

    /// The folder to pass to `petspot serve --data-dir`.
    /// (`described`: the reports carry names, breeds and descriptions; the suffix keeps a folder made without them from being reused.)
    public var directory: URL { root.appendingPathComponent("reports-\(count)-seed\(seed)-described") }
    public var path: String { directory.appendingPathComponent("petspot.sqlite").path }
    private var marker: URL { directory.appendingPathComponent("complete") }

    /// Opens the cached database, generating and bulk-loading it first when missing or incomplete.
    public func open(log: (String) -> Void = { print($0) }) async throws -> SQLiteStore {
        if FileManager.default.fileExists(atPath: marker.path) { return try await SQLiteStore.open(path: path) }
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try await SQLiteStore.open(path: path)
        let started = ContinuousClock.now
        try await Self.load(count: count, seed: seed, into: store, log: log)
        log("generated \(count) reports in \(ContinuousClock.now - started) at \(path)")
        _ = FileManager.default.createFile(atPath: marker.path, contents: Data())
        return store
    }

    /// Streams `count` seeded reports into `store` in batches of 20 000.
    public static func load(count: Int, seed: UInt64, into store: any BulkLoading, log: (String) -> Void) async throws {
        var generator = SyntheticReports(seed: seed)
        var loaded = 0
        while loaded < count {
            let batch = generator.next(min(20_000, count - loaded))
            try await store.bulkLoad(batch, passwordHash: passwordHash)
            loaded += batch.count
            if loaded % 200_000 == 0 { log("  loaded \(loaded)/\(count)") }
        }
    }
}
