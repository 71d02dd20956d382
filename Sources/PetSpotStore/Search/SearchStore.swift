import Foundation
import PetSpotDomain

/// Free-text search over the reports' public words. Each report keeps its words
/// (`SearchWords.document(of:)`, written with the row in the same transaction: on SQLite in a narrow
/// table of their own, so the report rows every list reads stay small; on PostgreSQL in `search_words`)
/// and the name of its place; SQLite indexes the words with FTS5, PostgreSQL with a GIN over a `tsvector`. Both
/// only test whether a report holds a word: the ranking (how many terms a report meets, then the newest
/// filed) is the same rule on every engine. Typos are found through a vocabulary of the reports' words
/// keyed by their one-letter deletions, so a query looks up its few deletions instead of every word.
public protocol SearchStore: Sendable {
    /// The reports' words that share a one-letter deletion with one of `words` (a superset of those
    /// within one edit; `SearchText.expanded` keeps the right ones).
    func searchVocabulary(near words: [String]) async throws -> [String]
    /// Reports filed before their words were kept, at most `limit`: `setPlaceName` indexes them.
    func reportsWithoutSearchWords(limit: Int) async throws -> [Announcement]
    /// Records the name of a report's place and indexes its words again.
    func setPlaceName(_ name: String?, of id: AnnouncementID) async throws
}

extension SearchStore {
    /// `text` with the reports' words one letter away from its terms added.
    public func expand(_ text: SearchText) async throws -> SearchText {
        let candidates = text.typoCandidates
        guard !candidates.isEmpty else { return text }
        return text.expanded(with: try await searchVocabulary(near: candidates))
    }
}

enum SearchSchema {
    static let vocabulary = "CREATE TABLE search_vocabulary (variant TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY (variant, word))"

    /// Rows filed before their words were kept (none once `reportsWithoutSearchWords` has run dry).
    static let unsearched = "CREATE INDEX announcement_unsearched ON announcement(seq) WHERE search_words IS NULL"

    /// SQLite: the words stored before area tokens get them (`petspot_area_words`, `withAreaTokens`), and the
    /// word index is rebuilt from the words in one pass.
    static let sqliteAreaTokens = [
        "DROP TRIGGER announcement_search_update",
        "UPDATE announcement_words SET words = petspot_area_words(words)",
        "INSERT INTO announcement_search(announcement_search) VALUES ('delete-all')",
        "INSERT INTO announcement_search(rowid, search_words) SELECT -seq, words FROM announcement_words ORDER BY seq DESC",
        // One segment per level, as a bulk load leaves it: otherwise every token looked up probes every
        // segment the rebuild wrote, which costs more than the short lists save.
        "INSERT INTO announcement_search(announcement_search) VALUES ('optimize')",
        """
        CREATE TRIGGER announcement_search_update AFTER UPDATE OF words ON announcement_words BEGIN
            DELETE FROM announcement_search WHERE rowid = -old.seq;
            INSERT INTO announcement_search(rowid, search_words) VALUES (-new.seq, new.words);
        END
        """,
    ]

    /// PostgreSQL: the same rewrite in SQL (each word joined to the fine cell; cells are `cell0r…c…` and
    /// `cell1r…c…`); the generated `tsvector` and its GIN index follow.
    static let postgresAreaTokens = [
        """
        UPDATE announcement a SET search_words = a.search_words || ' ' || t.area
        FROM (SELECT seq, string_agg(substring(search_words from 'cell0r[0-9]+c[0-9]+') || 'x' || w, ' ') AS area
              FROM announcement, unnest(string_to_array(search_words, ' ')) AS w
              WHERE search_words ~ 'cell0r[0-9]+c[0-9]+' AND search_words !~ 'cell0r[0-9]+c[0-9]+x'
                AND w !~ '^cell[01]r[0-9]+c[0-9]+$'
              GROUP BY seq) t
        WHERE a.seq = t.seq
        """
    ]

    static let sqlite = [
        "ALTER TABLE announcement ADD COLUMN place_name TEXT",
        "CREATE TABLE announcement_words (seq INTEGER PRIMARY KEY, words TEXT NOT NULL)",
        "CREATE TRIGGER announcement_words_delete AFTER DELETE ON announcement BEGIN DELETE FROM announcement_words WHERE seq = old.seq; END",
        // Only whole-token tests, so no positions (`detail=none`) and no copy of the text (the row has it).
        // The FTS5 rowid is the report's `seq` negated: FTS5 reads its lists forwards far faster than
        // backwards, and ascending negated rowids are the newest filed first.
        """
        CREATE VIRTUAL TABLE announcement_search USING fts5(search_words, content='', contentless_delete=1,
            tokenize='unicode61 remove_diacritics 0', detail=none)
        """,
        """
        CREATE TRIGGER announcement_search_insert AFTER INSERT ON announcement_words BEGIN
            INSERT INTO announcement_search(rowid, search_words) VALUES (-new.seq, new.words);
        END
        """,
        "CREATE TRIGGER announcement_search_delete AFTER DELETE ON announcement_words BEGIN DELETE FROM announcement_search WHERE rowid = -old.seq; END",
        """
        CREATE TRIGGER announcement_search_update AFTER UPDATE OF words ON announcement_words BEGIN
            DELETE FROM announcement_search WHERE rowid = -old.seq;
            INSERT INTO announcement_search(rowid, search_words) VALUES (-new.seq, new.words);
        END
        """,
        vocabulary + " WITHOUT ROWID",
    ]

    static let postgres = [
        "ALTER TABLE announcement ADD COLUMN place_name TEXT",
        "ALTER TABLE announcement ADD COLUMN search_words TEXT",
        """
        ALTER TABLE announcement ADD COLUMN search tsvector
            GENERATED ALWAYS AS (to_tsvector('simple', coalesce(search_words, ''))) STORED
        """,
        "CREATE INDEX announcement_search ON announcement USING gin (search)",
        vocabulary,
        unsearched,
    ]

    /// The stored words of a report: each once, separated by blanks, then its grid cells (`SearchCells`),
    /// then each word within its fine cell (`SearchCells.areaToken`).
    static func words(of report: Announcement) -> String {
        withAreaTokens((SearchWords.document(of: report) + SearchCells.tokens(for: report.location)).joined(separator: " "))
    }

    /// Stored words (words, then cells) with the area tokens added: how a report's words are written, and
    /// how SQLite's migration (`petspot_area_words`) rewrites the words stored before area tokens.
    public static func withAreaTokens(_ stored: String) -> String {
        let tokens = stored.split(separator: " ")
        guard let cell = tokens.first(where: { SearchCells.isFine($0) }).map(String.init),
            !tokens.contains(where: { $0.hasPrefix(cell + "x") })
        else { return stored }
        let words = tokens.filter { !SearchCells.isCell($0) }
        return ([stored] + words.map { SearchCells.areaToken(cell, String($0)) }).joined(separator: " ")
    }

    /// The fine cells a nearby search asks the word index for as area tokens: nil when the search covers
    /// coarse cells, or when `terms` words in every cell would be more than `SearchCells.maximumAreaTokens`.
    static func areaCells(_ query: AnnouncementQuery, words: Int) -> [String]? {
        guard let cells = cells(query), cells.allSatisfy(SearchCells.isFine), cells.count * words <= SearchCells.maximumAreaTokens else {
            return nil
        }
        return cells
    }

    /// The cells a nearby search asks the word index for (any of them), nil when it asks for none.
    static func cells(_ query: AnnouncementQuery) -> [String]? {
        query.nearby.flatMap { SearchCells.covering($0.center.boundingBox(radiusKm: $0.radiusKm)) }
    }

    /// The vocabulary rows (variant, word) of `reports`' typo-worthy words.
    static func vocabularyRows(_ reports: some Sequence<Announcement>) -> [(String, String)] {
        var words = Set<String>()
        for report in reports { words.formUnion(SearchWords.typoVocabulary(SearchWords.document(of: report))) }
        return words.sorted().flatMap { word in SearchWords.variants(word).sorted().map { ($0, word) } }
    }

    /// The tiers a search reads in order and the terms each must meet at least: from all terms down to one;
    /// by newest, one pass over every report that meets any. A cursor skips the tiers above its own.
    static func tiers(_ text: SearchText, byNewest: Bool, after cursor: AnnouncementCursor?) -> [Int] {
        if byNewest { return [1] }
        let top = min(text.terms.count, cursor?.tier ?? .max)
        return top >= 1 ? Array((1...top).reversed()) : []
    }
}
