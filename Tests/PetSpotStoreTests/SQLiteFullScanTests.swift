import Foundation
import PetSpotDomain
@testable import PetSpotStore
import PetSpotTestSupport
import Testing

/// The benchmarks' baseline (the old backend's full scan) finds exactly what the indexed search finds.
@Suite struct SQLiteFullScanTests {
    @Test func fullScanAgreesWithTheIndexedSearch() async throws {
        try await withStore(readers: 4) { store in
            for radius in [1.0, 5, 10, 50] {
                let query = AnnouncementQuery(nearby: .init(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusKm: radius), limit: 50)
                let indexed = try await store.list(query).map(\.id), scanned = try await store.fullScanList(query).map(\.id)
                #expect(!indexed.isEmpty && indexed == scanned, "radius \(radius)")
            }
        }
    }

    /// The reader keeps the statements it prepared; a page size is part of a statement, so more page
    /// sizes than it keeps make it start over, and every answer stays the full scan's.
    @Test func moreStatementShapesThanTheReaderKeepsStillAnswerRight() async throws {
        try await withStore(readers: 1) { store in
            for size in 1...140 {
                let query = AnnouncementQuery(nearby: .init(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusKm: 50), limit: size)
                let indexed = try await store.list(query).map(\.id), scanned = try await store.fullScanList(query).map(\.id)
                #expect(indexed.count == size && indexed == scanned, "page size \(size)")
                var newest = AnnouncementQuery(limit: size)
                newest.statuses = [.missing]
                #expect(try await store.list(newest).count == size)
            }
        }
    }

    /// The reader's kept statements are used again as they are: a report page's reads (its sightings,
    /// where to look) and the list, each run for many reports, never make SQLite prepare a statement anew
    /// (clearing a statement's bindings did, for every statement whose plan weighed a parameter).
    @Test func keptStatementsAreNeverPreparedAgain() async throws {
        try await withStore(readers: 1) { store in
            let reports = try await store.list(AnnouncementQuery(statuses: [.missing, .found], withPhotoOnly: false, limit: 40))
            #expect(reports.count == 40)
            for (index, report) in reports.enumerated() {
                _ = try await store.sightings(of: report.id, includeHidden: index % 2 == 0)
                _ = try await store.find(report.id)
                _ = try? await store.whereToLook(of: report.id)
                let query = AnnouncementQuery(nearby: .init(center: report.location, radiusKm: 5), limit: 20)
                _ = try await store.list(query)
            }
            #expect(try await store.withReader { $0.reprepareCount } == 0)
        }
    }

    /// Reports filed before search kept their words (a database from an older version) are found by
    /// `reportsWithoutSearchWords` and indexed by `setPlaceName`; the scan and the index then agree.
    @Test func reportsWithoutWordsAreIndexedLaterAndTheScanAgrees() async throws {
        try await withStore(readers: 2) { store in
            try await store.execute("DELETE FROM announcement_words WHERE seq % 2 = 0")
            let unindexed = try await store.reportsWithoutSearchWords(limit: 2000)
            #expect(unindexed.count == 750)
            for report in unindexed { try await store.setPlaceName("Wrocław", of: report.id) }
            #expect(try await store.reportsWithoutSearchWords(limit: 2000).isEmpty)
            var query = AnnouncementQuery(statuses: [.missing, .found, .closed], withPhotoOnly: false)
            query.search = SearchText("wroclaw")
            #expect(try await store.list(query).count == 750)
            for text in ["labrador friendly", "wroclaw burek", "labradr"] {
                var query = AnnouncementQuery(nearby: .init(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusKm: 10), limit: 50)
                query.search = try await store.expand(try #require(SearchText(text)))
                let indexed = try await store.list(query).map(\.id), scanned = try await store.fullScanSearch(query).map(\.id)
                #expect(!indexed.isEmpty && indexed == scanned, "\(text)")
            }
        }
    }

    private func withStore(readers: Int, _ body: (SQLiteStore) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("scan.sqlite").path, readers: readers)
        let reports = Announcement.scattered(1500, seed: 11)
        try await store.bulkLoad(reports, passwordHash: "h")
        try await body(store)
        try await store.close()
    }
}
