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
    /// Where each report column sits, by `ReportColumn.rawValue`: a report read from a list row costs no
    /// lookup by name (hashing 23 names a row was a twentieth of a nearby search).
    let reportColumns: [Int32?]
    /// Where each of the pet's texts sits, in `PetText.allCases` order.
    let textColumns: [Int32?]

    init(index: [String: Int32], count: Int32) {
        self.index = index
        self.count = count
        reportColumns = ReportColumn.allCases.map { index[$0.name] }
        textColumns = PetText.allCases.map { index[$0.column] }
    }
}

/// The columns a report is made of, in `SQLiteStore.announcement(from:)`, beside the pet's texts
/// (`PetText.column`).
enum ReportColumn: Int, CaseIterable {
    case id, species, sex, age, microchipNumber, latitude, longitude, lastSeenDate
    case email, phone, photoURL, status, reward, createdAt, updatedAt, language, contactRelayed, placeName
    case moderation, duplicateOf

    var name: String {
        switch self {
        case .id: "id"
        case .microchipNumber: "microchip_number"
        case .latitude: "location_latitude"
        case .longitude: "location_longitude"
        case .lastSeenDate: "last_seen_date"
        case .photoURL: "photo_url"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        case .contactRelayed: "contact_relayed"
        case .placeName: "place_name"
        case .duplicateOf: "duplicate_of"
        default: "\(self)"
        }
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

    func column(_ column: ReportColumn) -> SQLiteData? {
        names.reportColumns[column.rawValue].map(value)
    }

    func text(_ index: Int) -> String? {
        names.textColumns[index].map(value)?.string
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

    func column(_ column: ReportColumn) -> SQLiteData? {
        names.reportColumns[column.rawValue].map { values[Int($0)] }
    }

    func text(_ index: Int) -> String? {
        names.textColumns[index].map { values[Int($0)] }?.string
    }
}

/// Rows read through sqlite-nio (the writer's) and through `SQLiteReadConnection` alike.
protocol SQLiteColumns {
    func column(_ name: String) -> SQLiteData?
    func column(_ column: ReportColumn) -> SQLiteData?
    /// The pet's text at `index` in `PetText.allCases`.
    func text(_ index: Int) -> String?
}

extension SQLiteColumns {
    func column(_ column: ReportColumn) -> SQLiteData? { self.column(column.name) }
    func text(_ index: Int) -> String? { column(PetText.allCases[index].column)?.string }
}

extension SQLiteRow: SQLiteColumns {}

struct SQLiteReadError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { "SQLite error \(code): \(message)" }
}

extension Optional where Wrapped == String {
    var sqlite: SQLiteData { map { .text($0) } ?? .null }
}
