import Foundation
import Logging
import PetSpotDomain
import SQLiteNIO

/// The embedded store: one SQLite file in WAL mode, one writer connection (writes and transactions
/// take turns) and reader connections that never wait for it, each lent to one query at a time. Nearby queries go through an R*Tree.
public final class SQLiteStore: PetSpotStorage {
    private let writer: SQLiteConnection
    private let readers: ConnectionCheckout<SQLiteConnection>
    private let writeLock = AsyncMutex()

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public static func open(path: String, readers: Int = 4, logger: Logger = Logger(label: "petspot.sqlite")) async throws -> SQLiteStore {
        let writer = try await openConnection(path: path, logger: logger)
        var readerConnections: [SQLiteConnection] = []
        for _ in 0..<max(1, readers) { readerConnections.append(try await openConnection(path: path, logger: logger)) }
        let store = SQLiteStore(writer: writer, readers: readerConnections)
        try await store.migrate()
        return store
    }

    private init(writer: SQLiteConnection, readers: [SQLiteConnection]) {
        self.writer = writer
        self.readers = ConnectionCheckout(readers)
    }

    /// Up to this much of the database file is read through a memory map (file-backed, shared, reclaimable).
    static let mmapBytes = 1 << 30

    private static func openConnection(path: String, logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        // Memory-mapped reads: a nearby page touches a few hundred B-tree and R*Tree pages, and reading
        // them with pread (one system call a page, with the default 2 MB page cache) was most of its cost.
        let pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
                       "PRAGMA mmap_size = \(mmapBytes)"]
        for pragma in pragmas {
            try await connection.query(pragma, []) { _ in }
        }
        try await connection.install(customFunction: SQLiteCustomFunction("petspot_distance_km", argumentCount: 4, pure: true) { args in
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
                try await connection.query("INSERT INTO schema_migration VALUES (?, ?)",
                                           [.integer(index + 1), .text(StoredDate.string(Date()))]) { _ in }
            }
        }
    }

    public func close() async throws {
        try await writer.close()
        for reader in readers.all { try await reader.close() }
    }

    // MARK: - Announcements

    public func create(_ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String,
                       outbox: [OutboxEntry]) async throws {
        let binds = Self.insertBinds(announcement, passwordHash: passwordHash)
        let details = privateDetails ?? PrivateDetails(reportedAs: announcement.status)
        try await transaction(conflictField: "microchipNumber") { connection in
            try await connection.query(Self.insertSQL(rows: 1), binds) { _ in }
            try await connection.query(Self.insertPrivateSQL, Self.privateBinds(announcement.id, details)) { _ in }
            try await Self.enqueue(outbox, on: connection)
        }
    }

    /// `INSERT INTO announcement` with `rows` groups of placeholders, in the order of `insertBinds`.
    static func insertSQL(rows: Int) -> String {
        let group = "(" + Array(repeating: "?", count: 21).joined(separator: ", ") + ")"
        return """
            INSERT INTO announcement (id, pet_name, species, breed, sex, age, description, microchip_number,
                location_latitude, location_longitude, email, phone, photo_url, last_seen_date, status, reward,
                management_password_hash, created_at, updated_at, language, contact_relayed)
            VALUES \(Array(repeating: group, count: rows).joined(separator: ", "))
            """
    }

    /// The 21 values of one announcement row, in the column order of `insertSQL`.
    static func insertBinds(_ a: Announcement, passwordHash: String) -> [SQLiteData] {
        [
            .text(a.id.rawValue), a.petName.sqlite, .text(a.species), a.breed.sqlite, .text(a.sex),
            a.age.map { .integer($0) } ?? .null, a.description.sqlite, a.microchipNumber.sqlite,
            .float(a.location.latitude), .float(a.location.longitude), a.email.sqlite, a.phone.sqlite,
            a.photoURL.sqlite, .text(a.lastSeenDate), .text(a.status.rawValue), a.reward.sqlite, .text(passwordHash),
            .text(StoredDate.string(a.createdAt)), .text(StoredDate.string(a.updatedAt)), .text(a.language),
            .integer(a.contactRelayed ? 1 : 0),
        ]
    }

    public func find(_ id: AnnouncementID) async throws -> Announcement {
        guard let row = try await read("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)]).first else {
            throw StoreError.notFound
        }
        return try Self.announcement(from: row)
    }

    public func list(_ query: AnnouncementQuery) async throws -> [Announcement] {
        if let nearby = query.nearby { return try await nearbyList(query, nearby: nearby) }
        let (sql, binds) = SQLiteListQuery.build(query)
        return try await read(sql, binds).map(Self.announcement(from:))
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
            try await connection.query("""
                UPDATE announcement SET status = ?, pet_name = ?, breed = ?, description = ?, reward = ?, updated_at = ?
                WHERE id = ?
                """, [.text(updated.status.rawValue), updated.petName.sqlite, updated.breed.sqlite, updated.description.sqlite,
                      updated.reward.sqlite, .text(StoredDate.string(now)), .text(id.rawValue)]) { _ in }
            return updated
        }
    }

    public func setPhoto(_ id: AnnouncementID, url: String, file: String, at now: Date, outbox: [OutboxEntry]) async throws -> String? {
        try await transaction { connection in
            let found = try await self.rows("SELECT photo_url, photo_file FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection)
            guard let row = found.first else { throw StoreError.notFound }
            try await connection.query("UPDATE announcement SET photo_url = ?, photo_file = ?, updated_at = ? WHERE id = ?",
                                       [.text(url), .text(file), .text(StoredDate.string(now)), .text(id.rawValue)]) { _ in }
            try await Self.enqueue(outbox, on: connection)
            return StoredPhoto.file(stored: row.column("photo_file")?.string, url: row.column("photo_url")?.string)
        }
    }

    public func photoFile(of id: AnnouncementID, url: String) async throws -> String? {
        let found = try await read("SELECT photo_file FROM announcement WHERE id = ? AND photo_url = ?", [.text(id.rawValue), .text(url)])
        guard let row = found.first else { return nil }
        return StoredPhoto.file(stored: row.column("photo_file")?.string, url: url)
    }

    public func delete(_ id: AnnouncementID) async throws -> (announcement: Announcement, photoFile: String?) {
        try await transaction { connection in
            guard let row = try await self.rows("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first else {
                throw StoreError.notFound
            }
            try await connection.query("DELETE FROM announcement WHERE id = ?", [.text(id.rawValue)]) { _ in }
            let announcement = try Self.announcement(from: row)
            return (announcement, StoredPhoto.file(stored: row.column("photo_file")?.string, url: announcement.photoURL))
        }
    }

    // MARK: - Users

    public func create(_ user: User) async throws {
        let created = StoredDate.string(user.createdAt)
        try await write(conflictField: "email") { connection in
            try await connection.query("INSERT INTO \"user\" (id, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                                       [.text(user.id), .text(user.email), .text(user.passwordHash), .text(created), .text(created)]) { _ in }
        }
    }

    public func find(email: String) async throws -> User? {
        guard let row = try await read("SELECT * FROM \"user\" WHERE email = ?", [.text(email)]).first else { return nil }
        return User(id: row.column("id")?.string ?? "", email: row.column("email")?.string ?? "",
                    passwordHash: row.column("password_hash")?.string ?? "",
                    createdAt: row.column("created_at")?.string.flatMap(StoredDate.date) ?? Date(timeIntervalSince1970: 0))
    }

    // MARK: - Failed attempts

    /// Counted and recorded in one IMMEDIATE transaction on the single writer, so no two reservations interleave.
    public func reserveAttempt(_ budgets: [AttemptBudget], id: String, at: Date, window: TimeInterval) async throws -> AttemptReservation {
        let since = (at - window).timeIntervalSince1970
        return try await transaction { connection in
            var until: Date?
            for budget in budgets {
                let times = try await self.rows(
                    "SELECT failed_at FROM auth_failure WHERE scope = ? AND subject = ? AND failed_at >= ? ORDER BY failed_at",
                    [.text(budget.scope), .text(budget.subject), .float(since)], on: connection)
                    .compactMap { $0.column("failed_at")?.double.map(Date.init(timeIntervalSince1970:)) }
                if let refused = budget.exhaustedUntil(times, window: window) { until = max(until ?? refused, refused) }
            }
            if let until { return .refused(until: until) }
            for budget in budgets {
                try await connection.query("INSERT INTO auth_failure (scope, subject, failed_at, attempt_id) VALUES (?, ?, ?, ?)",
                                           [.text(budget.scope), .text(budget.subject), .float(at.timeIntervalSince1970), .text(id)]) { _ in }
            }
            return .granted
        }
    }

    public func refundAttempt(id: String) async throws {
        try await write { connection in
            try await connection.query("DELETE FROM auth_failure WHERE attempt_id = ?", [.text(id)]) { _ in }
        }
    }

    public func prune(before: Date) async throws {
        try await write { connection in
            try await connection.query("DELETE FROM auth_failure WHERE failed_at < ?", [.float(before.timeIntervalSince1970)]) { _ in }
        }
    }

    // MARK: - Plumbing

    /// Runs `body` on a reader connection lent to it alone (see `ConnectionCheckout`).
    func withReader<T: Sendable>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        try await readers.withConnection(body)
    }

    /// The rows of one statement on a reader.
    func read(_ sql: String, _ binds: [SQLiteData]) async throws -> [SQLiteRow] {
        try await withReader { try await rows(sql, binds, on: $0) }
    }

    private func execute(_ sql: String) async throws {
        try await write { try await $0.query(sql, []) { _ in } }
    }

    /// One statement on the writer; a UNIQUE violation becomes `.conflict(conflictField)`.
    func write(conflictField: String? = nil, _ body: @Sendable (SQLiteConnection) async throws -> Void) async throws {
        try await Self.mappingConflict(to: conflictField) { try await writeLock.withLock { try await body(writer) } }
    }

    /// Runs `body` in one IMMEDIATE transaction on the writer; any error rolls it back. A UNIQUE
    /// violation becomes `.conflict(conflictField)` when one is named.
    func transaction<T: Sendable>(conflictField: String? = nil, _ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await Self.mappingConflict(to: conflictField) { try await uncheckedTransaction(body) }
    }

    private static func mappingConflict<T>(to field: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SQLiteError where error.reason == .constraintUniqueFailed && field != nil {
            throw StoreError.conflict(field: field!)
        }
    }

    private func uncheckedTransaction<T: Sendable>(_ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await writeLock.withLock {
            try await writer.query("BEGIN IMMEDIATE", []) { _ in }
            do {
                let result = try await body(writer)
                try await writer.query("COMMIT", []) { _ in }
                return result
            } catch {
                try? await writer.query("ROLLBACK", []) { _ in }
                throw error
            }
        }
    }

    func rows(_ sql: String, _ binds: [SQLiteData], on connection: SQLiteConnection) async throws -> [SQLiteRow] {
        let collected = LockedBox<[SQLiteRow]>([])
        try await connection.query(sql, binds) { row in collected.mutate { $0.append(row) } }
        return collected.mutate { $0 }
    }

    static func announcement(from row: SQLiteRow) throws -> Announcement {
        func text(_ name: String) -> String? { row.column(name)?.string }
        let epoch = Date(timeIntervalSince1970: 0)
        return Announcement(
            id: AnnouncementID(text("id") ?? ""), petName: text("pet_name"), species: text("species") ?? "",
            breed: text("breed"), sex: text("sex") ?? "", age: row.column("age")?.integer.map { Int($0) },
            description: text("description"), microchipNumber: text("microchip_number"),
            location: Coordinate(latitude: row.column("location_latitude")?.double ?? 0,
                                 longitude: row.column("location_longitude")?.double ?? 0),
            lastSeenDate: text("last_seen_date") ?? "", email: text("email"), phone: text("phone"),
            photoURL: text("photo_url"), status: AnnouncementStatus(rawValue: text("status") ?? "") ?? .missing,
            reward: text("reward"), createdAt: text("created_at").flatMap(StoredDate.date) ?? epoch,
            updatedAt: text("updated_at").flatMap(StoredDate.date) ?? epoch, language: text("language") ?? "en",
            contactRelayed: row.column("contact_relayed")?.integer == 1)
    }
}

extension Optional where Wrapped == String {
    var sqlite: SQLiteData { map { .text($0) } ?? .null }
}
