import Foundation
import PetSpotDomain
import SQLiteNIO

extension SQLiteStore {
    public func searchVocabulary(near words: [String]) async throws -> [String] {
        let variants = Set(words.flatMap(SearchWords.variants)).sorted()
        guard !variants.isEmpty else { return [] }
        let sql = "SELECT DISTINCT word FROM search_vocabulary WHERE variant IN (\(variants.map { _ in "?" }.joined(separator: ", ")))"
        return try await read(sql, variants.map { .text($0) }).compactMap { $0.column("word")?.string }
    }

    public func reportsWithoutSearchWords(limit: Int) async throws -> [Announcement] {
        try await readAnnouncements(
            """
            SELECT a.* FROM announcement a WHERE a.seq NOT IN (SELECT seq FROM announcement_words) ORDER BY a.seq LIMIT \(max(1, limit))
            """, [])
    }

    public func setPlaceName(_ name: String?, of id: AnnouncementID) async throws {
        try await transaction { connection in
            guard let row = try await self.rows("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first else {
                throw StoreError.notFound
            }
            var report = try Self.announcement(from: row)
            report.placeName = name
            try await connection.query("UPDATE announcement SET place_name = ? WHERE id = ?", [name.sqlite, .text(id.rawValue)]) { _ in }
            try await Self.index(report, on: connection)
        }
    }

    /// Writes (or rewrites) a report's words and remembers them for typos, in the caller's transaction.
    static func index(_ report: Announcement, on connection: SQLiteConnection) async throws {
        try await connection.query(
            """
            INSERT INTO announcement_words (seq, words) VALUES ((SELECT seq FROM announcement WHERE id = ?), ?)
            ON CONFLICT (seq) DO UPDATE SET words = excluded.words
            """, [.text(report.id.rawValue), .text(SearchSchema.words(of: report))]
        ) { _ in }
        try await remember([report], on: connection)
    }

    /// Adds the typo-worthy words of `reports` to the vocabulary, in the caller's transaction.
    static func remember(_ reports: some Sequence<Announcement>, on connection: SQLiteConnection) async throws {
        let rows = SearchSchema.vocabularyRows(reports)
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + 400, rows.count)]
            let sql =
                "INSERT OR IGNORE INTO search_vocabulary (variant, word) VALUES "
                + chunk.map { _ in "(?, ?)" }.joined(separator: ", ")
            try await connection.query(sql, chunk.flatMap { [SQLiteData.text($0.0), .text($0.1)] }) { _ in }
            start += chunk.count
        }
    }

    /// A search's page: tier by tier (`SearchSchema.tiers`), each read newest filed first through the FTS5
    /// index, stepping only until the page is full. A tier below the top asks FTS5 for the reports that
    /// meet at least that many terms and keeps those that meet exactly that many.
    func searchList(_ query: AnnouncementQuery, search: SearchText) async throws -> [Announcement] {
        try await withReader { try Self.searchList(query, search: search, on: $0) }
    }

    private static func searchList(_ query: AnnouncementQuery, search: SearchText, on connection: SQLiteReadConnection) throws -> [Announcement] {
        var unpaged = query
        unpaged.after = nil
        let (filters, filterBinds) = SQLiteListQuery.filters(unpaged, nearby: query.nearby)
        let limit = query.limit ?? .max
        var found: [Announcement] = []
        for tier in SearchSchema.tiers(search, byNewest: query.searchByNewest, after: query.after) where found.count < limit {
            var conditions = ["announcement_search MATCH ?"] + filters
            var binds = [SQLiteData.text(matchExpression(search, atLeast: tier, query))] + filterBinds
            if let after = query.after, query.searchByNewest || after.tier == tier {
                conditions.append("s.rowid > -(SELECT seq FROM announcement WHERE id = ?)")
                binds.append(.text(after.id.rawValue))
            }
            let exact = !query.searchByNewest && tier < search.terms.count
            let sql =
                "SELECT a.*, w.words AS search_words FROM announcement_search s CROSS JOIN announcement a ON a.seq = -s.rowid "
                + "CROSS JOIN announcement_words w ON w.seq = a.seq WHERE "
                + conditions.joined(separator: " AND ") + " ORDER BY s.rowid"
            try connection.each(sql, binds) { cursor in
                if exact, search.matched(in: Set((cursor.column("search_words")?.string ?? "").split(separator: " "))) != tier {
                    return true
                }
                found.append(try announcement(from: cursor))
                return found.count < limit
            }
        }
        return found
    }

    /// The FTS5 query for the reports that meet at least `k` of the terms, within the query's cells when it
    /// is near a place: within a few fine cells, any cell's area tokens (one short list per cell and word);
    /// otherwise the words, and any of the cells.
    static func matchExpression(_ text: SearchText, atLeast k: Int, _ query: AnnouncementQuery) -> String {
        let groups = SearchSchema.groups(of: text.terms.count, size: k)
        let perCell = groups.reduce(0) { sum, group in sum + group.reduce(0) { $0 + text.terms[$1].count } }
        if let cells = SearchSchema.areaCells(query, words: perCell) {
            return cells.map { cell in "(" + matchExpression(text, groups) { SearchCells.areaToken(cell, $0) } + ")" }
                .joined(separator: " OR ")
        }
        let words = matchExpression(text, groups) { $0 }
        guard let cells = SearchSchema.cells(query) else { return words }
        return "(\(words)) AND (\(cells.map { "\"\($0)\"" }.joined(separator: " OR ")))"
    }

    /// Any of `groups` of terms, each term any of its words as `token` writes them (quoted, so no word is
    /// read as an operator).
    static func matchExpression(_ text: SearchText, _ groups: [[Int]], token: (String) -> String) -> String {
        groups.map { group in
            "("
                + group.map { index in
                    "("
                        + text.terms[index].map { "\"" + token($0).replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                        .joined(separator: " OR ") + ")"
                }.joined(separator: " AND ") + ")"
        }.joined(separator: " OR ")
    }
}
