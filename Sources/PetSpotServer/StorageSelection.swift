import Foundation
import Logging
import PetSpotStore
import ServiceLifecycle

/// The storage a configuration asks for: PostgreSQL when it has a database URL, otherwise the SQLite
/// file in the data folder. Photos are apart (`PhotoStoreSettings`).
struct StorageSelection {
    /// Every store seam the server uses, in one backend.
    let store: any PetSpotStorage & DraftStore
    /// What must run beside the server for the store to answer (the PostgreSQL connection pool).
    let services: [any Service]
    /// Runs once those services are up and before the server takes requests (PostgreSQL migrations).
    let prepare: @Sendable () async throws -> Void

    /// The data folder, made if missing, readable by the server's user alone (0700), as is every file the
    /// process writes from now on (umask 077): the database, the mailbox and the photos hold personal data
    /// and the codes' hashes, which no other account on the machine may read.
    static func makeDataFolder(_ configuration: ServerConfiguration) throws {
        umask(0o077)
        try FileManager.default.createDirectory(
            at: configuration.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    static func open(_ configuration: ServerConfiguration, logger: Logger) async throws -> StorageSelection {
        if let url = configuration.databaseURL {
            // The URL's description hides the password.
            logger.info("Storage: PostgreSQL", metadata: ["database": "\(url)"])
            let store = PostgresStore(url: url, logger: logger)
            return StorageSelection(store: store, services: [store.pools]) {
                // A wrong password or database name is said at once: waiting would not mend it. A database
                // still starting is waited for, about a minute, as before connections were bounded.
                if let refusal = await store.loginRefusal() { throw DatabaseUnavailable(url: url, underlying: LoginRefused(reason: refusal)) }
                let deadline = ContinuousClock.now + .seconds(60)
                while true {
                    do {
                        return try await store.migrate()
                    } catch StoreError.unavailable where ContinuousClock.now < deadline {
                        continue
                    } catch {
                        throw DatabaseUnavailable(url: url, underlying: error)
                    }
                }
            }
        }
        let path = configuration.dataDirectory.appendingPathComponent("petspot.sqlite").path
        let store = try await SQLiteStore.open(path: path, logger: logger)
        return StorageSelection(store: store, services: [], prepare: {})
    }

    /// Runs `body` on the database `configuration` names (migrated), and closes it: the operator
    /// commands' way in.
    static func withStore<T: Sendable>(
        _ configuration: ServerConfiguration, logger: Logger,
        _ body: @Sendable (any PetSpotStorage) async throws -> T
    ) async throws -> T {
        try makeDataFolder(configuration)
        let storage = try await open(configuration, logger: logger)
        let result: T
        do {
            result = try await withThrowingTaskGroup(of: Void.self) { group in
                for service in storage.services { group.addTask { try await service.run() } }
                defer { group.cancelAll() }
                try await storage.prepare()
                return try await body(storage.store)
            }
        } catch {
            try? await storage.store.close()
            throw error
        }
        try await storage.store.close()
        return result
    }
}

/// PostgreSQL could not be reached or migrated at start (the pool gives up after about a minute of
/// failed connections). Names the database without its password.
struct DatabaseUnavailable: Error, CustomStringConvertible {
    let url: DatabaseURL
    let underlying: any Error

    var description: String {
        let reason =
            underlying as? StoreError == .unavailable
            ? "nothing answered at \(url.host):\(url.port) for a minute (is PostgreSQL running there, and are the host and port right?)"
            : String(reflecting: underlying)
        return "Could not open the PostgreSQL database \(url) (--database-url, DATABASE_URL): \(reason)"
    }
}

/// The database server refused PetSpot's login (its own words).
struct LoginRefused: Error, CustomDebugStringConvertible {
    let reason: String
    var debugDescription: String { reason }
}
