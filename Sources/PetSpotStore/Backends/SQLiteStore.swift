import Foundation
import Logging
import NIOCore
import NIOPosix
import PetSpotDomain
import SQLiteNIO

/// The embedded store: one SQLite file in WAL mode, one writer connection (writes and transactions
/// take turns) and reader connections that never wait for it, each lent to one query at a time. Nearby queries go through an R*Tree.
public final class SQLiteStore: PetSpotStorage {
    /// The writer, lent to one write or transaction at a time.
    let writerTurns: ConnectionCheckout<SQLiteConnection>
    let readers: ConnectionCheckout<SQLiteReadConnection>
    /// The threads SQLite's blocking calls run on: the store's own, not NIO's shared blocking pool, so
    /// its queries never queue behind file reads (photos) or another store's (every test server's).
    let pool: NIOThreadPool

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public static func open(path: String, readers: Int = 4, logger: Logger = Logger(label: "petspot.sqlite")) async throws -> SQLiteStore {
        let pool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
        pool.start()
        var opened: SQLiteConnection?
        do {
            let writer = try await openConnection(path: path, pool: pool, logger: logger)
            opened = writer
            let store = SQLiteStore(
                writer: writer, pool: pool,
                readers: try (0..<max(1, readers)).map { _ in
                    try SQLiteReadConnection(path: path, mmapBytes: mmapBytes, pool: pool)
                })
            try await store.migrate()
            return store
        } catch {
            // A schema that cannot be brought up to date closes what it opened (SQLiteNIO traps on a
            // connection left open).
            try? await opened?.close()
            try? await pool.shutdownGracefully()
            throw error
        }
    }

    private init(writer: SQLiteConnection, pool: NIOThreadPool, readers: [SQLiteReadConnection]) {
        self.writerTurns = ConnectionCheckout([writer])
        self.pool = pool
        self.readers = ConnectionCheckout(readers)
    }

    /// Up to this much of the database file is read through a memory map (file-backed, shared, reclaimable):
    /// the most SQLite maps on Linux. Past it pages are copied in by `pread`: with 1 GB mapped, a search by photo
    /// at 1 M reports (its looks at the end of a 1.3 GB file) took 86 ms p50 instead of 74.
    static let mmapBytes = 0x7fff_0000

    private static func openConnection(path: String, pool: NIOThreadPool, logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: pool, logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any())
        // Memory-mapped reads: a nearby page touches a few hundred B-tree and R*Tree pages, and reading
        // them with pread (one system call a page, with the default 2 MB page cache) was most of its cost.
        let pragmas = [
            "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
            "PRAGMA mmap_size = \(mmapBytes)",
        ]
        for pragma in pragmas {
            try await connection.query(pragma, []) { _ in }
        }
        // Used by the migration that adds area tokens to the words stored before them.
        try await connection.install(
            customFunction: SQLiteCustomFunction("petspot_area_words", argumentCount: 1, pure: true) { args in
                args[0].string.map(SearchSchema.withAreaTokens)
            })
        // Unicode's lower case, where SQLite's `lower()` folds ASCII only (`sameAddress`).
        try await connection.install(
            customFunction: SQLiteCustomFunction("petspot_lower", argumentCount: 1, pure: true) { args in args[0].string?.lowercased() })
        try await connection.install(
            customFunction: SQLiteCustomFunction("petspot_distance_km", argumentCount: 4, pure: true) { args in
                PublicArea.distanceKm(
                    from: Coordinate(latitude: args[0].double ?? .nan, longitude: args[1].double ?? .nan),
                    toReportAt: Coordinate(latitude: args[2].double ?? .nan, longitude: args[3].double ?? .nan))
            })
        return connection
    }

    /// Applies the migrations this file has not seen yet.
    private func migrate() async throws {
        try await execute("CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        let applied = try await rows("SELECT MAX(version) AS v FROM schema_migration", [], on: writer).first?.column("v")?.integer ?? 0
        for (index, statements) in SQLiteMigrations.all.enumerated() where index + 1 > applied {
            try await transaction { connection in
                for statement in statements { try await connection.query(statement, []) { _ in } }
                try await connection.query(
                    "INSERT INTO schema_migration VALUES (?, ?)",
                    [.integer(index + 1), .text(Timestamp.string(Date()))]
                ) { _ in }
            }
        }
        try await addTextColumns()
    }

    /// The writer itself, for what runs before any request (migrations).
    var writer: SQLiteConnection { writerTurns.all[0] }

    /// Waits for the reads and writes under way, refuses any later one (`StoreError.unavailable`) and closes the
    /// writer (each reader closes when the store goes).
    public func close() async throws {
        try await readers.retire()
        for writer in try await writerTurns.retire() { try await writer.close() }
        try await pool.shutdownGracefully()
    }
}
