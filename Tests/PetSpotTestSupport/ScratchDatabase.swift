import Foundation
import Logging
import PetSpotStore
import PostgresNIO

/// Throw-away PostgreSQL databases for tests: each `with` call creates a fresh, empty database on the
/// server named by `PETSPOT_TEST_DATABASE_URL` and drops it afterwards. When the variable is unset,
/// `isAvailable` is false and no PostgreSQL test variants are generated.
public enum ScratchDatabase {
    /// The server to create databases on; its role needs CREATEDB. Nil when the variable is unset.
    public static let serverURL: DatabaseURL? = {
        guard let text = ProcessInfo.processInfo.environment["PETSPOT_TEST_DATABASE_URL"], !text.isEmpty else { return nil }
        do { return try DatabaseURL(text) } catch {
            // A wrong URL must fail loudly, not quietly drop the PostgreSQL tests.
            preconditionFailure("PETSPOT_TEST_DATABASE_URL: \(error)")
        }
    }()

    public static var isAvailable: Bool { serverURL != nil }

    /// Connections each test store may open; tests run in parallel and the server has a limit.
    public static let maximumConnections = 4

    /// Tests speak through assertions; the pool's connection chatter would only bury them.
    public static let logger: Logger = {
        var logger = Logger(label: "petspot.test.postgres")
        logger.logLevel = .error
        return logger
    }()

    /// Runs `body` with the URL of a new empty database, dropped (with any connections left) afterwards.
    public static func with<T: Sendable>(_ body: (DatabaseURL) async throws -> T) async throws -> T {
        guard let serverURL else { preconditionFailure("PETSPOT_TEST_DATABASE_URL is not set") }
        let name = "petspot_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(serverURL, "CREATE DATABASE \"\(name)\"")
        var url = serverURL
        url.database = name
        do {
            let result = try await body(url)
            try await administer(serverURL, "DROP DATABASE \"\(name)\" WITH (FORCE)")
            return result
        } catch {
            try? await administer(serverURL, "DROP DATABASE \"\(name)\" WITH (FORCE)")
            throw error
        }
    }

    private static func administer(_ url: DatabaseURL, _ sql: String) async throws {
        // A store that is never migrated: only its pool, configured from the URL, is used.
        let client = PostgresStore(url: url, maximumConnections: 1, logger: logger).client
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: sql))
        }
    }
}
