import Foundation
import NIOCore
import NIOPosix
import PetSpotDomain
import SQLiteNIO
import VaporCSQLite

/// A reader connection on SQLite's C interface — the very copy sqlite-nio links, so the process keeps one
/// library's file locks — that keeps every statement it prepared. sqlite-nio prepared each statement anew
/// and handed every row to an event loop; here a statement is parsed once per connection and a whole
/// store read (a nearby search's several windows included) runs in one trip to a pool thread.
/// Lent to one task at a time (`ConnectionCheckout`), so its statements are never shared.
final class SQLiteReadConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The store's own threads, where every read runs.
    private let pool: NIOThreadPool
    private var statements: [String: CachedStatement] = [:]
    /// Beyond this many shapes the cache starts over (list filters combine into a bounded but open set).
    static let cacheLimit = 128

    init(path: String, mmapBytes: Int, pool: NIOThreadPool) throws {
        self.pool = pool
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            if let opened { sqlite_nio_sqlite3_close_v2(opened) }
            throw SQLiteReadError(code: status, message: "cannot open the database for reading")
        }
        handle = opened
        sqlite_nio_sqlite3_busy_timeout(handle, 5_000)
        sqlite_nio_sqlite3_create_function_v2(
            handle, "petspot_distance_km", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            distanceKm, nil, nil, nil)
        sqlite_nio_sqlite3_create_function_v2(handle, "petspot_lower", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, lowerCase, nil, nil, nil)
        for pragma in ["PRAGMA query_only = ON", "PRAGMA mmap_size = \(mmapBytes)"] {
            _ = try rows(pragma, [])
        }
    }

    deinit {
        for cached in statements.values { sqlite_nio_sqlite3_finalize(cached.handle) }
        sqlite_nio_sqlite3_close_v2(handle)
    }

    /// Runs `body` with this connection on a pool thread: every statement inside it costs no further hop.
    func run<T: Sendable>(_ body: @escaping @Sendable (SQLiteReadConnection) throws -> T) async throws -> T {
        try await pool.runIfActive { try body(self) }
    }

    /// Every row of `sql`, read in full.
    func rows(_ sql: String, _ binds: [SQLiteData]) throws -> [StoredRow] {
        var found: [StoredRow] = []
        try each(sql, binds) {
            found.append($0.row()); return true
        }
        return found
    }

    /// Steps through `sql`'s rows while `body` returns true.
    func each(_ sql: String, _ binds: [SQLiteData], _ body: (StatementCursor) throws -> Bool) throws {
        let cached = try statement(sql)
        let statement = cached.handle
        defer {
            // No `sqlite3_clear_bindings`: every use binds all of a statement's parameters again, and
            // clearing expires any statement whose plan looked at a parameter's value (an `= ?` the
            // planner weighs as "0 or 1?"), so the next step prepared it anew — every sighting read.
            sqlite_nio_sqlite3_reset(statement)
        }
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
            case .float(let number): status = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .text(let text):
                status = sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
            case .blob(let buffer):
                status = buffer.withUnsafeReadableBytes {
                    sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
                }
            case .null: status = sqlite_nio_sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
        let cursor = StatementCursor(handle: statement, names: cached.names)
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW: guard try body(cursor) else { return }
            case SQLITE_DONE: return
            case let status: throw error(status)
            }
        }
    }

    private func statement(_ sql: String) throws -> CachedStatement {
        if let cached = statements[sql] { return cached }
        var prepared: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard status == SQLITE_OK, let prepared else { throw error(status) }
        if statements.count >= Self.cacheLimit {
            for old in statements.values { sqlite_nio_sqlite3_finalize(old.handle) }
            statements.removeAll(keepingCapacity: true)
        }
        let count = sqlite_nio_sqlite3_column_count(prepared)
        var names: [String: Int32] = [:]
        for column in 0..<count {
            let name = String(cString: sqlite_nio_sqlite3_column_name(prepared, column))
            if names[name] == nil { names[name] = column }
        }
        let cached = CachedStatement(handle: prepared, names: ColumnNames(index: names, count: count))
        statements[sql] = cached
        return cached
    }

    /// How many times SQLite had to prepare the kept statements again (a statement that expires on
    /// every use costs a parse and a plan each time): the store's tests hold this at zero.
    var reprepareCount: Int {
        statements.values.reduce(0) { $0 + Int(sqlite_nio_sqlite3_stmt_status($1.handle, SQLITE_STMTSTATUS_REPREPARE, 0)) }
    }

    private func error(_ status: Int32) -> Error {
        if status & 0xFF == SQLITE_FULL { return StoreError.full }
        return SQLiteReadError(code: status, message: String(cString: sqlite_nio_sqlite3_errmsg(handle)))
    }
}

private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The same distance (to a report's public area) the writer's connection installs through sqlite-nio, as a plain C callback.
private let distanceKm: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments else { return sqlite_nio_sqlite3_result_null(context) }
    func value(_ index: Int) -> Double {
        sqlite_nio_sqlite3_value_type(arguments[index]) == SQLITE_NULL ? .nan : sqlite_nio_sqlite3_value_double(arguments[index])
    }
    let distance = PublicArea.distanceKm(
        from: Coordinate(latitude: value(0), longitude: value(1)), toReportAt: Coordinate(latitude: value(2), longitude: value(3)))
    sqlite_nio_sqlite3_result_double(context, distance)
}

/// Unicode's lower case of a text (the writer's `petspot_lower`, as a plain C callback); NULL stays NULL.
private let lowerCase: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments, let text = sqlite_nio_sqlite3_value_text(arguments[0]) else { return sqlite_nio_sqlite3_result_null(context) }
    let lowered = String(cString: text).lowercased()
    sqlite_nio_sqlite3_result_text(context, lowered, -1, transient)
}

private struct CachedStatement {
    let handle: OpaquePointer
    let names: ColumnNames
}
