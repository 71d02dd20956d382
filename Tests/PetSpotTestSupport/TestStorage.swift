import Foundation
import PetSpotStore

/// Where a test server keeps its reports: the SQLite file in its data folder, or a scratch PostgreSQL
/// database (only when `PETSPOT_TEST_DATABASE_URL` is set).
public enum TestStorage: Sendable {
    case sqlite
    case postgres(DatabaseURL)

    /// Runs `body` on SQLite, then on a fresh PostgreSQL database (dropped afterwards) when available
    /// and `includingPostgres`.
    public static func each(includingPostgres: Bool = true, _ body: (TestStorage) async throws -> Void) async throws {
        for backend in Backend.available where includingPostgres || backend != .postgres {
            switch backend {
            case .memory: continue // a server always keeps its reports in a database
            case .sqlite: try await body(.sqlite)
            case .postgres: try await ScratchDatabase.with { url in try await body(.postgres(url)) }
            }
        }
    }

    /// What the server is configured with: nil means SQLite in the data folder.
    public var databaseURL: DatabaseURL? {
        if case .postgres(let url) = self { return url }
        return nil
    }

    /// Opens the store the server will use (migrated), runs `body` on it and closes it again.
    public func withStore(in directory: URL, _ body: (any PetSpotStorage) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let store = try await SQLiteStore.open(path: directory.appendingPathComponent("petspot.sqlite").path)
            do { try await body(store) } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        case .postgres(let url):
            try await PostgresStore.withStore(
                url: url, maximumConnections: ScratchDatabase.maximumConnections,
                logger: ScratchDatabase.logger
            ) { try await body($0) }
        }
    }
}
