import PetSpotDomain
import SQLiteNIO

extension SQLiteStore: BulkLoading {
    /// Rows per multi-row INSERT: 23 parameters a row stays well under SQLite's 32 766 parameter limit.
    static let rowsPerInsert = 500

    /// Inserts every announcement in one IMMEDIATE transaction, `rowsPerInsert` rows a statement. The
    /// R*Tree trigger fills the geo index as usual.
    public func bulkLoad(_ announcements: [Announcement], passwordHash: String) async throws {
        try await transaction { connection in
            var start = announcements.startIndex
            while start < announcements.endIndex {
                let end = min(start + Self.rowsPerInsert, announcements.endIndex)
                let binds = announcements[start..<end].flatMap { Self.insertBinds($0, passwordHash: passwordHash) }
                try await connection.query(Self.insertSQL(rows: end - start), binds) { _ in }
                let words = announcements[start..<end]
                try await connection.query(
                    """
                    INSERT INTO announcement_words (seq, words) SELECT a.seq, v.column2 FROM (VALUES \(words.map { _ in "(?, ?)" }.joined(separator: ", "))) v
                    JOIN announcement a ON a.id = v.column1
                    """, words.flatMap { [SQLiteData.text($0.id.rawValue), .text(SearchSchema.words(of: $0))] }
                ) { _ in }
                start = end
            }
            try await Self.remember(announcements, on: connection)
            // One segment per index level after a bulk load, as a long-running server's merges would leave it.
            try await connection.query("INSERT INTO announcement_search(announcement_search) VALUES ('optimize')", []) { _ in }
        }
    }
}
