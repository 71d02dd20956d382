import Foundation
import Logging
import PetSpotDomain
import NIOPosix
import PostgresNIO

/// The shared store: one PostgreSQL database, reached through a connection pool, that any number of
/// server instances use at once. Nearby queries go through a GiST index of location and time (`PostgresNearbyQuery`).
///
/// The pool (`client`) must be running while the store is used: add it to the application's services,
/// or use `withStore`, which runs it around a closure. `migrate()` brings the schema up to date.
public final class PostgresStore: PetSpotStorage {
    /// The connection pool; a `Service` whose `run()` must be going for queries to be answered.
    public let client: PostgresClient
    let logger: Logger
    let url: DatabaseURL

    public init(url: DatabaseURL, maximumConnections: Int = 20, logger: Logger = Logger(label: "petspot.postgres")) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: Self.tls(url.tls))
        configuration.options.maximumConnections = maximumConnections
        // A database that is gone should be an error answer within seconds, not a long wait (issue 24 item 4).
        configuration.options.connectTimeout = .seconds(3)
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.url = url
    }

    /// Runs `body` with a migrated store whose pool runs meanwhile and stops afterwards.
    public static func withStore<T: Sendable>(url: DatabaseURL, maximumConnections: Int = 20,
                                              logger: Logger = Logger(label: "petspot.postgres"),
                                              _ body: (PostgresStore) async throws -> T) async throws -> T {
        let store = PostgresStore(url: url, maximumConnections: maximumConnections, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { await store.client.run() }
            defer { group.cancelAll() }
            try await store.migrate()
            return try await body(store)
        }
    }

    private static func tls(_ mode: DatabaseURL.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: return .disable
        case .prefer: return .prefer(.makeClientConfiguration())
        case .require: return .require(.makeClientConfiguration())
        }
    }

    /// Applies the migrations this database has not seen yet, all in one transaction that holds an
    /// advisory lock, so that instances starting together do not race.
    public func migrate() async throws {
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresMigrations.lockKey))", logger: self.logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
                                       logger: self.logger)
            let rows = try await connection.query("SELECT COALESCE(MAX(version), 0)::int8 FROM schema_migration", logger: self.logger).collect()
            let applied = try rows.first?.decode(Int.self) ?? 0
            for (index, statements) in PostgresMigrations.all.enumerated() where index + 1 > applied {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger) }
                try await connection.query("INSERT INTO schema_migration VALUES (\(index + 1), \(StoredDate.string(Date())))",
                                           logger: self.logger)
            }
        }
    }

    /// Nothing to close here: the pool stops when its `run()` ends (the service shuts down).
    public func close() async throws {}

    // MARK: - Plumbing

    /// The rows of one statement on any pooled connection.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        let logger = logger
        return try await leased { try await $0.query(query, logger: logger).collect() }
    }

    /// How long a request waits for a pooled connection before asking whether the database is there.
    static let leaseDeadline: Duration = .seconds(3)

    /// Runs `body` on a pooled connection, or throws `StoreError.unavailable` when none comes within
    /// `leaseDeadline` and the database's server cannot be reached (issue 24 item 4: with the database
    /// gone, requests waited a minute for a 500). A busy pool with a reachable server is waited for, so
    /// load is never mistaken for an outage. Once `body` runs, it runs to its end.
    func leased<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let started = LockedBox(false)
        return try await withoutActuallyEscaping(body) { body in
            // The group ends only when both children have: `body` never outlives this call.
            let work = UncheckedSendableBox(body)
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await self.client.withConnection { connection in
                        started.mutate { $0 = true }
                        return try await work.value(connection)
                    }
                }
                group.addTask {
                    try await Task.sleep(for: Self.leaseDeadline)
                    while !started.mutate({ $0 }) {
                        guard await self.isReachable() else { throw StoreError.unavailable }
                        try await Task.sleep(for: Self.leaseDeadline)
                    }
                    try await Task.sleep(for: .seconds(365 * 86_400))
                    return nil
                }
                defer { group.cancelAll() }
                while let result = try await group.next() {
                    if let result { return result }
                }
                throw StoreError.unavailable
            }
        }
    }

    /// True when the database's server accepts a TCP connection within 2 s (it is not asked anything).
    func isReachable() async -> Bool {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(.seconds(2))
        guard let channel = try? await bootstrap.connect(host: url.host, port: url.port).get() else { return false }
        try? await channel.close()
        return true
    }

    /// Runs `body` in one transaction on one connection; any error rolls it back and is rethrown as is.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await leased { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let result = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                // In a task of its own: a cancelled caller must not hand the connection back mid-transaction.
                let logger = self.logger
                _ = await Task { try? await connection.query("ROLLBACK", logger: logger) }.value
                throw error
            }
        }
    }

    /// Runs `body`, turning a UNIQUE violation into `.conflict(field)`.
    func conflicting<T>(_ field: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw StoreError.conflict(field: field)
        }
    }
}
