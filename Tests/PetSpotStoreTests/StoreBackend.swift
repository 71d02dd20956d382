import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport

/// A store backend the contract suite runs on: in-memory, SQLite on a temporary file, and PostgreSQL
/// when `PETSPOT_TEST_DATABASE_URL` is set.
struct StoreBackend: Sendable, CustomTestStringConvertible {
    let name: String
    /// Opens a fresh, empty store, runs the body on it, then closes and removes it.
    let run: @Sendable (_ body: (any PetSpotStorage) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    static let all: [StoreBackend] = [inMemory, sqlite] + (ScratchDatabase.isAvailable ? [postgres] : [])

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
            try await PostgresStore.withStore(url: url, maximumConnections: ScratchDatabase.maximumConnections,
                                             logger: ScratchDatabase.logger) { try await body($0) }
        }
    }

    func with(_ body: (any PetSpotStorage) async throws -> Void) async throws {
        try await run(body)
    }
}

import Testing

enum Fixtures {
    static func announcement(chip: String? = nil, photo: String? = nil, at location: Coordinate = Coordinate(latitude: 51.1, longitude: 17.0),
                             created: Date = Date(timeIntervalSince1970: 1_763_000_000)) -> Announcement {
        Announcement(id: .generate(), petName: "Burek", species: "DOG", breed: "Labrador mix", sex: "MALE", age: 5,
                     description: "Friendly", microchipNumber: chip, location: location, lastSeenDate: "2025-11-10",
                     email: "owner@example.pl", phone: "+48 555 123 456", photoURL: photo, status: .missing, reward: nil,
                     createdAt: created, updatedAt: created)
    }
}

/// A repeatable random source (SplitMix64), so property tests fail the same way twice.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
