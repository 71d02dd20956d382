import Foundation
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The draft store contract, on the in-memory twin, on SQLite, and on PostgreSQL when
/// `PETSPOT_TEST_DATABASE_URL` is set.
@Suite struct DraftStoreTests {
    /// Runs `body` on each backend, closing the SQLite file and dropping the PostgreSQL database afterwards.
    static func eachStore(_ body: (any DraftStore) async throws -> Void) async throws {
        for backend in Backend.available {
            switch backend {
            case .memory: try await body(InMemoryDraftStore())
            case .sqlite:
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("drafts-\(UUID().uuidString).sqlite").path
                let sqlite = try await SQLiteStore.open(path: path)
                do { try await body(sqlite) } catch {
                    try await sqlite.close()
                    throw error
                }
                try await sqlite.close()
            case .postgres:
                try await ScratchDatabase.with { url in
                    try await PostgresStore.withStore(
                        url: url, maximumConnections: ScratchDatabase.maximumConnections,
                        logger: ScratchDatabase.logger
                    ) { try await body($0) }
                }
            }
        }
    }

    @Test func savesReplacesAndDeletes() async throws {
        try await Self.eachStore { store in
            let now = Date(timeIntervalSince1970: 1_000_000)
            try await store.saveDraft(DraftRecord(key: "a:missing", payload: Data("one".utf8), updatedAt: now))
            try await store.saveDraft(DraftRecord(key: "a:missing", payload: Data("two".utf8), updatedAt: now))
            let loaded = try await store.draft("a:missing", updatedSince: now.addingTimeInterval(-10))
            #expect(loaded?.payload == Data("two".utf8))
            try await store.deleteDraft("a:missing")
            #expect(try await store.draft("a:missing", updatedSince: .distantPast) == nil)
        }
    }

    @Test func oldDraftsExpireAndArePruned() async throws {
        try await Self.eachStore { store in
            let now = Date(timeIntervalSince1970: 2_000_000)
            try await store.saveDraft(DraftRecord(key: "old:found", payload: Data("x".utf8), updatedAt: now.addingTimeInterval(-90_000)))
            try await store.saveDraft(DraftRecord(key: "new:found", payload: Data("y".utf8), updatedAt: now))
            let dayAgo = now.addingTimeInterval(-86_400)
            #expect(try await store.draft("old:found", updatedSince: dayAgo) == nil)
            #expect(try await store.deleteDrafts(updatedBefore: dayAgo) == ["old:found"])
            #expect(try await store.draft("new:found", updatedSince: dayAgo) != nil)
        }
    }
}
