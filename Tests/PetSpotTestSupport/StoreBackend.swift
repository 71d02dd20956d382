import Foundation
import PetSpotBench
import PetSpotDomain
import PetSpotStore

/// The backends tests run on, listed once: the in-memory twin, SQLite, and PostgreSQL when
/// `PETSPOT_TEST_DATABASE_URL` is set. The store contract suite runs on each (`StoreBackend.all`), the
/// draft store tests too, and servers on the databases among them (`TestStorage.each`).
public enum Backend: Sendable, CaseIterable {
    case memory, sqlite, postgres

    public static var available: [Backend] { allCases.filter { $0 != .postgres || ScratchDatabase.isAvailable } }
}

/// A store backend the contract suite runs on.
public struct StoreBackend: Sendable, CustomTestStringConvertible {
    public let name: String
    /// Opens a fresh, empty store, runs the body on it, then closes and removes it.
    let run: @Sendable (_ body: (any PetSpotStorage) async throws -> Void) async throws -> Void

    public var testDescription: String { name }

    public static let all: [StoreBackend] = Backend.available.map { backend in
        switch backend {
        case .memory: inMemory
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }

    static let inMemory = StoreBackend(name: "in-memory") { body in
        let store = InMemoryStore()
        try await body(store)
        try await store.close()
    }

    static let sqlite = StoreBackend(name: "SQLite") { body in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("test.sqlite").path)
        do {
            try await body(store)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// A database of its own on the server `PETSPOT_TEST_DATABASE_URL` names, dropped afterwards.
    static let postgres = StoreBackend(name: "PostgreSQL") { body in
        try await ScratchDatabase.with { url in
            try await PostgresStore.withStore(
                url: url, maximumConnections: ScratchDatabase.maximumConnections,
                logger: ScratchDatabase.logger
            ) { try await body($0) }
        }
    }

    public func with(_ body: (any PetSpotStorage) async throws -> Void) async throws {
        try await run(body)
    }
}

import Testing

/// A repeatable random source, so property tests fail the same way twice: the benchmarks' SplitMix64.
public typealias SeededGenerator = SplitMix64
