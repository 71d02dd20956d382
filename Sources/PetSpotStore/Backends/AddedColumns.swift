import Logging
import PetSpotDomain
import PostgresNIO
import SQLiteNIO

/// Text columns added to tables after they were made, each added when missing (after the migrations, on
/// both backends): each of the pet's texts (`PetText`), and a relayed message's answer about the pet.
enum AddedColumns {
    static var all: [(table: String, column: String)] {
        PetText.allCases.map { ("announcement", $0.column) } + [ModerationSchema.messageTrait]
    }
}

extension SQLiteStore {
    /// Adds the `AddedColumns` a table lacks, after the migrations, in one transaction (a second process
    /// opening the file meanwhile waits, then finds them).
    func addTextColumns() async throws {
        try await transaction { connection in
            for table in Set(AddedColumns.all.map(\.table)) {
                let columns = try await self.rows("PRAGMA table_info(\(table))", [], on: connection)
                let present = Set(columns.compactMap { $0.column("name")?.string })
                for added in AddedColumns.all where added.table == table && !present.contains(added.column) {
                    try await connection.query("ALTER TABLE \(table) ADD COLUMN \(added.column) TEXT", []) { _ in }
                }
            }
        }
    }
}

extension PostgresStore {
    /// Adds the `AddedColumns` a table lacks; run with the migrations, under their lock.
    static func addTextColumns(on connection: PostgresConnection, logger: Logger) async throws {
        let present = try await connection.query(
            "SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = current_schema()",
            logger: logger
        ).collect().map { try $0.decode((String, String).self) }
        for added in AddedColumns.all where !present.contains(where: { $0 == added.table && $1 == added.column }) {
            try await connection.query(PostgresQuery(unsafeSQL: "ALTER TABLE \(added.table) ADD COLUMN \(added.column) TEXT"), logger: logger)
        }
    }
}
