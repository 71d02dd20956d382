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
        // The cluster is thrown away after the run: a database that could not be dropped is no failure.
        let result: Result<T, any Error>
        do { result = .success(try await body(url)) } catch { result = .failure(error) }
        try? await administer(serverURL, "DROP DATABASE \"\(name)\" WITH (FORCE)")
        return try result.get()
    }

    /// Runs one statement on its own connection. Under the whole suite hundreds of tests create and drop
    /// databases at once and the server may briefly refuse (connection slots, a catalog lock): a few
    /// tries, and the server's own words (not PostgresNIO's generic description) if all fail.
    private static func administer(_ url: DatabaseURL, _ sql: String) async throws {
        var attempt = 0
        while true {
            do { return try await administerOnce(url, sql) } catch {
                attempt += 1
                guard attempt < 5 else { throw AdministrationError(sql: sql, detail: String(reflecting: error)) }
                try await Task.sleep(for: .milliseconds(200 * attempt))
            }
        }
    }

    struct AdministrationError: Error, CustomStringConvertible {
        let sql: String
        let detail: String
        var description: String { "\(sql): \(detail)" }
    }

    private static func administerOnce(_ url: DatabaseURL, _ sql: String) async throws {
        // A store that is never migrated: only its pool, configured from the URL, is used.
        let client = PostgresStore(url: url, maximumConnections: 1, logger: logger).client
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: sql))
        }
    }
}
