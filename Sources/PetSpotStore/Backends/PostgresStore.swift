import Foundation
import Logging
import PetSpotDomain
import NIOPosix
import PostgresNIO
import _ConnectionPoolModule

/// The shared store: one PostgreSQL database, reached through a connection pool, that any number of
/// server instances use at once. Nearby queries go through a GiST index of location and time (`PostgresNearbyQuery`).
///
/// The pool (`client`) must be running while the store is used: add it to the application's services,
/// or use `withStore`, which runs it around a closure. `migrate()` brings the schema up to date.
public final class PostgresStore: PetSpotStorage {
    /// The connection pool, renewed after an outage; a `Service` whose `run()` must be going for
    /// queries to be answered.
    public let pools: PostgresPools
    /// The pool in use now.
    public var client: PostgresClient { pools.client }
    let logger: Logger
    let url: DatabaseURL

    public init(url: DatabaseURL, maximumConnections: Int = 20, logger: Logger = Logger(label: "petspot.postgres")) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: Self.tls(url.tls))
        configuration.options.maximumConnections = maximumConnections
        // A database that is gone should be an error answer within seconds, not a long wait.
        configuration.options.connectTimeout = .seconds(3)
        pools = PostgresPools(host: url.host, port: url.port, logger: logger) { [configuration] in
            PostgresClient(configuration: configuration, backgroundLogger: logger)
        }
        self.logger = logger
        self.url = url
    }

    /// Runs `body` with a migrated store whose pool runs meanwhile and stops afterwards.
    public static func withStore<T: Sendable>(
        url: DatabaseURL, maximumConnections: Int = 20,
        logger: Logger = Logger(label: "petspot.postgres"),
        _ body: (PostgresStore) async throws -> T
    ) async throws -> T {
        let store = PostgresStore(url: url, maximumConnections: maximumConnections, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { await store.pools.run() }
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
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
                logger: self.logger)
            let rows = try await connection.query("SELECT COALESCE(MAX(version), 0)::int8 FROM schema_migration", logger: self.logger).collect()
            let applied = try rows.first?.decode(Int.self) ?? 0
            for (index, statements) in PostgresMigrations.all.enumerated() where index + 1 > applied {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger) }
                try await connection.query(
                    "INSERT INTO schema_migration VALUES (\(index + 1), \(Timestamp.string(Date())))",
                    logger: self.logger)
            }
            try await Self.addTextColumns(on: connection, logger: self.logger)
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

    /// How often a request that waits for the database asks whether it is still there.
    static let leaseDeadline: Duration = .seconds(2)

    /// Runs `body` on a pooled connection, or throws `StoreError.unavailable` within about
    /// `leaseDeadline` of the database going away (refused, unreachable or frozen), whether the request
    /// was still waiting for a connection or already running on one. A busy pool with an answering
    /// database is waited for, so load is never mistaken for an outage. A pool whose circuit breaker
    /// opened in a long outage (it fails every request at once, then retries about once a minute) is
    /// replaced when the database answers again, and the request goes on on the new one; after a short
    /// outage the pool's own retries are seconds apart.
    func leased<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let pool = pools.client
        do {
            return try await leased(from: pool, body)
        } catch PoolState.stale {
            do {
                return try await leased(from: pools.renew(pool), body)
            } catch PoolState.stale {
                throw StoreError.unavailable // a fresh pool cannot connect either: no retry storm
            }
        }
    }

    private enum PoolState: Error { case stale }

    private func leased<T: Sendable>(from pool: PostgresClient, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        if pools.isKnownDown { throw StoreError.unavailable }
        let lent = LockedBox<PostgresConnection?>(nil)
        return try await withoutActuallyEscaping(body) { body in
            // The group ends only when both children have: `body` never outlives this call.
            let work = UncheckedSendableBox(body)
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    do {
                        return try await pool.withConnection { connection in
                            lent.mutate { $0 = connection }
                            return try await work.value(connection)
                        }
                    } catch let error as ConnectionPoolError where error == .connectionCreationCircuitBreakerTripped {
                        throw await self.pools.isAnswering() ? PoolState.stale : StoreError.unavailable
                    } catch let error as PSQLError where Self.lostConnection.contains(error.code) {
                        throw StoreError.unavailable
                    }
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: Self.leaseDeadline)
                        guard await self.pools.isAnswering() else {
                            // A query on a frozen server never returns: closing its connection ends it.
                            _ = lent.mutate { $0 }?.close() as EventLoopFuture<Void>?
                            throw StoreError.unavailable
                        }
                    }
                }
                defer { group.cancelAll() }
                while let result = try await group.next() {
                    if let result { return result }
                }
                throw StoreError.unavailable
            }
        }
    }

    /// A pooled connection's errors that mean the database went away under it.
    static let lostConnection: Set<PSQLError.Code> = [.connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed]

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
