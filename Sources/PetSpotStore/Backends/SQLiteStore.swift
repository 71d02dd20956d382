import Foundation
import Logging
import NIOCore
import NIOPosix
import PetSpotDomain
import SQLiteNIO

/// The embedded store: one SQLite file in WAL mode, one writer connection (writes and transactions
/// take turns) and reader connections that never wait for it, each lent to one query at a time. Nearby queries go through an R*Tree.
public final class SQLiteStore: PetSpotStorage {
    let writer: SQLiteConnection
    let readers: ConnectionCheckout<SQLiteReadConnection>
    let writeLock = AsyncMutex()
    /// The threads SQLite's blocking calls run on: the store's own, not NIO's shared blocking pool, so
    /// its queries never queue behind file reads (photos) or another store's (every test server's).
    let pool: NIOThreadPool

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public static func open(path: String, readers: Int = 4, logger: Logger = Logger(label: "petspot.sqlite")) async throws -> SQLiteStore {
        let pool = NIOThreadPool(numberOfThreads: max(2, System.coreCount))
        pool.start()
        do {
            let writer = try await openConnection(path: path, pool: pool, logger: logger)
            let store = SQLiteStore(
                writer: writer, pool: pool,
                readers: try (0..<max(1, readers)).map { _ in
                    try SQLiteReadConnection(path: path, mmapBytes: mmapBytes, pool: pool)
                })
            try await store.migrate()
            return store
        } catch {
            try? await pool.shutdownGracefully()
            throw error
        }
    }

    private init(writer: SQLiteConnection, pool: NIOThreadPool, readers: [SQLiteReadConnection]) {
        self.writer = writer
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
        try await connection.install(
            customFunction: SQLiteCustomFunction("petspot_distance_km", argumentCount: 4, pure: true) { args in
                Coordinate(latitude: args[0].double ?? .nan, longitude: args[1].double ?? .nan)
                    .distanceKm(to: Coordinate(latitude: args[2].double ?? .nan, longitude: args[3].double ?? .nan))
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
                    [.integer(index + 1), .text(StoredDate.string(Date()))]
                ) { _ in }
            }
        }
        try await addTextColumns()
    }

    public func close() async throws {
        try await writer.close()
        try await pool.shutdownGracefully()
    }

    // MARK: - Announcements

    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String,
        outbox: [OutboxEntry]
    ) async throws {
        let binds = Self.insertBinds(announcement, passwordHash: passwordHash)
        let details = privateDetails ?? PrivateDetails(reportedAs: announcement.status)
        try await transaction(conflictField: "microchipNumber") { connection in
            try await Self.insert(announcement, binds: binds, details: details, outbox: outbox, on: connection)
        }
    }

    /// A new report's rows: the report, its words, its private details, the search vocabulary, `outbox`.
    static func insert(
        _ announcement: Announcement, binds: [SQLiteData], details: PrivateDetails, outbox: [OutboxEntry], on connection: SQLiteConnection
    ) async throws {
        try await connection.query(insertSQL(rows: 1), binds) { _ in }
        try await connection.query(
            "INSERT INTO announcement_words (seq, words) VALUES (last_insert_rowid(), ?)",
            [.text(SearchSchema.words(of: announcement))]
        ) { _ in }
        try await connection.query(insertPrivateSQL, privateBinds(announcement.id, details)) { _ in }
        try await remember([announcement], on: connection)
        try await enqueue(outbox, on: connection)
    }

    /// The announcement columns `insertSQL` writes, in the order of `insertBinds`: the pet's texts last.
    static let insertColumns =
        [
            "id", "species", "sex", "age", "microchip_number", "location_latitude", "location_longitude", "email", "phone",
            "photo_url", "last_seen_date", "status", "reward", "management_password_hash", "created_at", "updated_at",
            "language", "contact_relayed", "place_name",
        ] + PetText.allCases.map(\.column)

    /// `INSERT INTO announcement` with `rows` groups of placeholders, in the order of `insertBinds`.
    static func insertSQL(rows: Int) -> String {
        let group = "(" + Array(repeating: "?", count: insertColumns.count).joined(separator: ", ") + ")"
        return "INSERT INTO announcement (\(insertColumns.joined(separator: ", "))) VALUES "
            + Array(repeating: group, count: rows).joined(separator: ", ")
    }

    /// The values of one announcement row, in the column order of `insertSQL`: the pet's texts last.
    static func insertBinds(_ a: Announcement, passwordHash: String) -> [SQLiteData] {
        [
            .text(a.id.rawValue), .text(a.species), .text(a.sex), a.age.map { .integer($0) } ?? .null, a.microchipNumber.sqlite,
            .float(a.location.latitude), .float(a.location.longitude), a.email.sqlite, a.phone.sqlite,
            a.photoURL.sqlite, .text(a.lastSeenDate), .text(a.status.rawValue), a.reward.sqlite, .text(passwordHash),
            .text(StoredDate.string(a.createdAt)), .text(StoredDate.string(a.updatedAt)), .text(a.language),
            .integer(a.contactRelayed ? 1 : 0), a.placeName.sqlite,
        ] + PetText.allCases.map { a.pet[keyPath: $0.keyPath].sqlite }
    }

    public func find(_ id: AnnouncementID) async throws -> Announcement {
        guard let found = try await readAnnouncements("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)]).first else {
            throw StoreError.notFound
        }
        return found
    }

    public func find(_ ids: [AnnouncementID]) async throws -> [Announcement] {
        try await readAnnouncements("SELECT * FROM announcement WHERE id IN (SELECT value FROM json_each(?))", [.text(ids.jsonArray)])
            .ordered(as: ids)
    }

    public func list(_ query: AnnouncementQuery) async throws -> [Announcement] {
        if let search = query.search { return try await searchList(query, search: search) }
        if let nearby = query.nearby { return try await nearbyList(query, nearby: nearby) }
        let (sql, binds) = SQLiteListQuery.build(query)
        return try await readAnnouncements(sql, binds)
    }

    public func count() async throws -> Int {
        try await read("SELECT COUNT(*) AS n FROM announcement", []).first?.column("n")?.integer ?? 0
    }

    public func passwordHash(of id: AnnouncementID) async throws -> String {
        let found = try await read("SELECT management_password_hash AS h FROM announcement WHERE id = ?", [.text(id.rawValue)])
        guard let hash = found.first?.column("h")?.string else { throw StoreError.notFound }
        return hash
    }

    public func update(_ id: AnnouncementID, changes: AnnouncementChanges, at now: Date) async throws -> Announcement {
        try await transaction(conflictField: "microchipNumber") { connection in
            guard let row = try await self.rows("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first else {
                throw StoreError.notFound
            }
            var updated = changes.applied(to: try Self.announcement(from: row))
            updated.updatedAt = now
            let texts = PetText.allCases.map { "\($0.column) = ?" }.joined(separator: ", ")
            try await connection.query(
                "UPDATE announcement SET status = ?, reward = ?, updated_at = ?, \(texts) WHERE id = ?",
                [.text(updated.status.rawValue), updated.reward.sqlite, .text(StoredDate.string(now))]
                    + PetText.allCases.map { updated.pet[keyPath: $0.keyPath].sqlite } + [.text(id.rawValue)]
            ) { _ in }
            try await Self.index(updated, on: connection)
            return updated
        }
    }
}

extension Optional where Wrapped == String {
    var sqlite: SQLiteData { map { .text($0) } ?? .null }
}
