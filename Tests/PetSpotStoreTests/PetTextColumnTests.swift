import Foundation
import PetSpotDomain
@testable import PetSpotStore
import PetSpotTestSupport
import PostgresNIO
import Testing

/// A pet's text (`PetText`) declared after a database was made gets its column when the store opens, and
/// what was stored before stays: here `breed`'s column is dropped, as in a database older than the text.
@Suite struct PetTextColumnTests {
    static let before = Announcement.mock(petName: "Azor", breed: nil, description: "Black dog")

    static func withBreed(_ report: Announcement) -> Announcement {
        var report = report
        report.id = .generate()
        report.breed = "Beagle"
        return report
    }

    @Test func sqliteAddsTheColumnWhenItOpens() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("texts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("petspot.sqlite").path
        var store = try await SQLiteStore.open(path: path)
        try await store.create(Self.before, passwordHash: "h")
        try await store.execute("ALTER TABLE announcement DROP COLUMN breed")
        try await store.close()
        store = try await SQLiteStore.open(path: path)
        let after = Self.withBreed(Self.before)
        try await store.create(after, passwordHash: "h")
        #expect(try await store.find(after.id).breed == "Beagle")
        let old = try await store.find(Self.before.id)
        #expect(old.petName == "Azor" && old.description == "Black dog" && old.breed == nil)
        try await store.close()
    }

    @Test(.enabled(if: ScratchDatabase.isAvailable, "needs PETSPOT_TEST_DATABASE_URL"))
    func postgresAddsTheColumnWhenItOpens() async throws {
        try await ScratchDatabase.with { url in
            try await PostgresStore.withStore(url: url, maximumConnections: 1, logger: ScratchDatabase.logger) { store in
                try await store.create(Self.before, passwordHash: "h")
                _ = try await store.rows("ALTER TABLE announcement DROP COLUMN breed")
            }
            try await PostgresStore.withStore(url: url, maximumConnections: 1, logger: ScratchDatabase.logger) { store in
                let after = Self.withBreed(Self.before)
                try await store.create(after, passwordHash: "h")
                #expect(try await store.find(after.id).breed == "Beagle")
                #expect(try await store.find(Self.before.id).petName == "Azor")
            }
        }
    }
}
