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
        let words = atLeast(k, of: text) { $0 }
        if let cells = SearchSchema.areaCells(query, words: words.tokens) {
            return cells.map { cell in atLeast(k, of: text) { SearchCells.areaToken(cell, $0) }.text }.joined(separator: " OR ")
        }
        guard let cells = SearchSchema.cells(query) else { return words.text }
        return "\(words.text) AND (\(cells.map { "\"\($0)\"" }.joined(separator: " OR ")))"
    }

    /// An FTS5 expression for "at least `k` of the terms", each term any of its words as `token` writes them
    /// (quoted, so no word is read as an operator), and how many tokens it names: FTS5 reads one list per
    /// token named, however often the same one is. Each term in turn is either met, with `k - 1` of the
    /// rest, or passed over, with `k` of the rest, so groups that share their first terms name them once:
    /// 3 of 6 terms name 34 terms where the 20 groups of 3 named 60 (a six-term search near a place in
    /// 3.3 ms where it took 5.4 at 1 M reports).
    static func atLeast(_ k: Int, of text: SearchText, token: (String) -> String) -> (text: String, tokens: Int) {
        let terms = text.terms.map { words in
            (
                text: "(" + words.map { "\"" + token($0).replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " OR ") + ")",
                tokens: words.count
            )
        }
        return atLeast(k, of: terms[...])
    }

    private static func atLeast(_ k: Int, of terms: ArraySlice<(text: String, tokens: Int)>) -> (text: String, tokens: Int) {
        func joined(_ parts: [(text: String, tokens: Int)], _ operator: String) -> (text: String, tokens: Int) {
            ("(" + parts.map(\.text).joined(separator: " \(`operator`) ") + ")", parts.reduce(0) { $0 + $1.tokens })
        }
        guard let first = terms.first, k > 1, k < terms.count else { return joined(Array(terms), k == 1 ? "OR" : "AND") }
        let rest = terms.dropFirst()
        return joined([joined([first, atLeast(k - 1, of: rest)], "AND"), atLeast(k, of: rest)], "OR")
    }
}
