import Foundation
import NIOCore
import NIOPosix
import PetSpotDomain
import SQLiteNIO
import VaporCSQLite

/// A statement's column names, worked out once when it is prepared.
final class ColumnNames: Sendable {
    let index: [String: Int32]
    let count: Int32

    init(index: [String: Int32], count: Int32) {
        self.index = index
        self.count = count
    }
}

/// The current row of a statement being stepped; valid only inside the `each` call that handed it out.
/// Read by column name, it copies only the columns asked for (not a report's search words).
struct StatementCursor: SQLiteColumns {
    let handle: OpaquePointer
    let names: ColumnNames

    func value(_ column: Int32) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(handle, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            let count = Int(sqlite_nio_sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite_nio_sqlite3_column_text(handle, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(handle, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(handle, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default: return .null
        }
    }

    func column(_ name: String) -> SQLiteData? {
        names.index[name].map(value)
    }

    /// The whole row, copied out of SQLite.
    func row() -> StoredRow {
        StoredRow(names: names, values: (0..<names.count).map(value))
    }
}

/// One row read by a `SQLiteReadConnection`, looked up by column name like sqlite-nio's `SQLiteRow`.
struct StoredRow: SQLiteColumns, Sendable {
    let names: ColumnNames
    let values: [SQLiteData]

    func column(_ name: String) -> SQLiteData? {
        names.index[name].map { values[Int($0)] }
    }
}

/// Rows read through sqlite-nio (the writer's) and through `SQLiteReadConnection` alike.
protocol SQLiteColumns {
    func column(_ name: String) -> SQLiteData?
}

extension SQLiteRow: SQLiteColumns {}

struct SQLiteReadError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { "SQLite error \(code): \(message)" }
}
