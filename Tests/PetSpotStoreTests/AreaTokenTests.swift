import Foundation
import PetSpotDomain
@testable import PetSpotStore
import PetSpotTestSupport
import Testing

/// Area tokens: each word of a report joined to its fine cell, so words near a place read one short list
/// per cell and word. Written with every report, added by a migration to the words stored before them.
@Suite struct AreaTokenTests {
    @Test func eachWordIsJoinedToTheFineCellOnceAndCellsAreNotWords() {
        let stored = "burek cellar pies cell0r1422c2010 cell1r142c201"
        let written = SearchSchema.withAreaTokens(stored)
        #expect(written == stored + " cell0r1422c2010xburek cell0r1422c2010xcellar cell0r1422c2010xpies")
        #expect(SearchSchema.withAreaTokens(written) == written, "added once")
        #expect(SearchSchema.withAreaTokens("burek pies") == "burek pies", "no cell, nothing to join")
        #expect(SearchCells.isCell("cell0r1422c2010") && !SearchCells.isCell("cellar") && !SearchCells.isCell("cell0r1422c2010xpies"))
    }

    @Test func aSearchWithinAFewFineCellsAsksForAreaTokensAndAWideOneForWordsAndCells() throws {
        let text = try #require(SearchText("czarny pies"))
        var query = AnnouncementQuery()
        query.nearby = .init(center: Coordinate(latitude: 52.23, longitude: 21.01), radiusKm: 10)
        let near = SQLiteStore.matchExpression(text, atLeast: 2, query)
        #expect(near.contains("cell0r") && near.contains("xczarn") && !near.contains("\"czarn"), "\(near)")
        query.nearby?.radiusKm = 120
        let wide = SQLiteStore.matchExpression(text, atLeast: 2, query)
        #expect(!wide.contains("x") && wide.contains("cell1r"), "\(wide)")
    }

    /// FTS5 reads one list per token an expression names: "3 of 6 terms" names each term once per way to
    /// reach it, not once per group of three (60), and all or any of them names each once.
    @Test func atLeastKTermsNamesEachTermOncePerWayToReachIt() throws {
        let text = try #require(SearchText("alfa bravo charlie delta echo foxtrot"))
        #expect(text.terms.allSatisfy { $0.count == 1 })
        #expect([6, 5, 4, 3, 2, 1].map { SQLiteStore.atLeast($0, of: text) { $0 }.tokens } == [6, 20, 34, 34, 20, 6])
        #expect(
            SQLiteStore.atLeast(2, of: try #require(SearchText("alfa beta kilo"))) { $0 }.text
                == #"((("alfa") AND (("beta") OR ("kilo"))) OR (("beta") AND ("kilo")))"#)
    }

    @Test func wordsStoredBeforeAreaTokensGetThemWhenTheDatabaseIsOpened() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("area-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("petspot.sqlite").path
        let report = Announcement.mock(description: "Czarny pies", location: Coordinate(latitude: 52.23, longitude: 21.01), photoURL: "/images/a.png")
        var near = AnnouncementQuery()
        near.nearby = .init(center: report.location, radiusKm: 10)
        near.search = SearchText("czarny pies")
        var store = try await SQLiteStore.open(path: path)
        try await store.create(report, passwordHash: "h")
        #expect(try await store.list(near).map(\.id) == [report.id])
        // As an older PetSpot stored them: words and cells only, and the last migration not applied.
        let old = (SearchWords.document(of: report) + SearchCells.tokens(for: report.location)).joined(separator: " ")
        try await store.execute("UPDATE announcement_words SET words = '\(old)'")
        let areaTokens = try #require(SQLiteMigrations.all.firstIndex(of: SearchSchema.sqliteAreaTokens)) + 1
        try await store.execute("DELETE FROM schema_migration WHERE version >= \(areaTokens)")
        #expect(try await store.list(near).isEmpty, "without area tokens a search near the place misses it")
        try await store.close()
        store = try await SQLiteStore.open(path: path)
        #expect(try await store.list(near).map(\.id) == [report.id], "the migration added them")
        try await store.close()
    }
}
