import Foundation
import PetSpotDomain
import PostgresNIO

extension PostgresStore {
    public func searchVocabulary(near words: [String]) async throws -> [String] {
        let variants = Set(words.flatMap(SearchWords.variants)).sorted()
        return try await rows("SELECT DISTINCT word FROM search_vocabulary WHERE variant = ANY(\(variants))").map { try $0.decode(String.self) }
    }

    public func reportsWithoutSearchWords(limit: Int) async throws -> [Announcement] {
        try await rows("SELECT * FROM announcement WHERE search_words IS NULL ORDER BY seq LIMIT \(max(1, limit))").map(Self.announcement(from:))
    }

    public func setPlaceName(_ name: String?, of id: AnnouncementID) async throws {
        try await transaction { connection in
            let found = try await connection.query("SELECT * FROM announcement WHERE id = \(id.rawValue) FOR UPDATE", logger: logger).collect()
            guard let row = found.first else { throw StoreError.notFound }
            var report = try Self.announcement(from: row)
            report.placeName = name
            try await connection.query(
                """
                UPDATE announcement SET place_name = \(name), search_words = \(SearchSchema.words(of: report)) WHERE id = \(id.rawValue)
                """, logger: logger)
            try await Self.remember([report], on: connection, logger: logger)
        }
    }

    /// Adds the typo-worthy words of `reports` to the vocabulary, in the caller's transaction.
    static func remember(_ reports: some Sequence<Announcement>, on connection: PostgresConnection, logger: Logger) async throws {
        let rows = SearchSchema.vocabularyRows(reports)
        guard !rows.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO search_vocabulary (variant, word) SELECT * FROM unnest(\(rows.map(\.0))::text[], \(rows.map(\.1))::text[])
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }
}

/// A search on PostgreSQL in one statement: each report's tier (how many terms it meets, each term one
/// `tsquery` of its words) computed beside the GIN test for any term, ordered by tier, then the newest
/// filed; the same order `SQLiteStore` reads tier by tier.
enum PostgresSearchQuery {
    static func build(_ query: AnnouncementQuery, search: SearchText) -> PostgresQuery {
        var binds = PostgresBindings()
        func tsquery(_ words: [String]) -> String {
            "to_tsquery('simple', \(PostgresListQuery.bind(words.map { "'\($0)'" }.joined(separator: " | "), &binds)))"
        }
        var unpaged = query
        unpaged.after = nil
        let words = search.terms.flatMap { $0 }
        var conditions: [String]
        if let cells = SearchSchema.areaCells(query, words: words.count) {
            // Within a few fine cells: one short list per cell and word (`SearchCells.areaToken`).
            conditions = ["a.search @@ \(tsquery(cells.flatMap { cell in words.map { SearchCells.areaToken(cell, $0) } }))"]
        } else {
            conditions = ["a.search @@ \(tsquery(words))"]
            if let cells = SearchSchema.cells(query) { conditions.append("a.search @@ \(tsquery(cells))") }
        }
        conditions += PostgresListQuery.filters(unpaged, binds: &binds)
        let tier = query.searchByNewest ? "1" : search.terms.map { "(a.search @@ \(tsquery($0)))::int" }.joined(separator: " + ")
        var outer: [String] = []
        if let after = query.after {
            let seq = "(SELECT seq FROM announcement WHERE id = \(PostgresListQuery.bind(after.id.rawValue, &binds)))"
            outer.append(query.searchByNewest ? "t.seq < \(seq)" : "(t.tier, t.seq) < (\(PostgresListQuery.bind(after.tier ?? 0, &binds)), \(seq))")
        }
        var sql = "SELECT * FROM (SELECT a.*, \(tier) AS tier FROM announcement a WHERE " + conditions.joined(separator: " AND ") + ") t"
        if !outer.isEmpty { sql += " WHERE " + outer.joined(separator: " AND ") }
        sql += " ORDER BY t.tier DESC, t.seq DESC"
        if let limit = query.limit { sql += " LIMIT \(PostgresListQuery.bind(limit, &binds))" }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}
