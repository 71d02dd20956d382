import Foundation
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// `DATABASE_URL` picks PostgreSQL; without it the server stays on SQLite; a bad one stops the start.
@Suite struct DatabaseConfigurationTests {
    @Test func databaseURLFromTheEnvironmentSelectsPostgreSQL() throws {
        let configuration = try ServerConfiguration.fromEnvironment(["DATABASE_URL": "postgresql://pets:pw@db:5433/petspot"])
        #expect(configuration.databaseURL == DatabaseURL(host: "db", port: 5433, username: "pets", password: "pw", database: "petspot"))
        #expect(try ServerConfiguration.fromEnvironment([:]).databaseURL == nil)
        #expect(try ServerConfiguration.fromEnvironment(["DATABASE_URL": ""]).databaseURL == nil)
    }

    @Test func badDatabaseURLIsRefusedWithoutEchoingThePassword() {
        #expect {
            try ServerConfiguration.fromEnvironment(["DATABASE_URL": "postgres://pets:topsecret@db:5433"])
        } throws: { error in
            "\(error)".contains("database name") && !"\(error)".contains("topsecret")
        }
    }

    @Test func withoutADatabaseURLTheStoreIsTheSQLiteFileInTheDataFolder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try await StorageSelection.open(ServerConfiguration(dataDirectory: directory), logger: quietLogger)
        #expect(storage.store is SQLiteStore && storage.services.isEmpty)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("petspot.sqlite").path))
        try await storage.store.close()
    }

    @Test func aDatabaseURLSelectsPostgreSQLWithItsPoolAsAServiceAndNoSQLiteFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = DatabaseURL(host: "127.0.0.1", username: "pets", password: "pw", database: "petspot")
        let storage = try await StorageSelection.open(ServerConfiguration(dataDirectory: directory, databaseURL: url), logger: quietLogger)
        #expect(storage.store is PostgresStore && storage.services.count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("petspot.sqlite").path))
    }

    /// A wrong password or database name will not mend by waiting: the start stops at once with the
    /// server's own reason and the setting to change (it waited a minute, then said "unavailable").
    @Test(.enabled(if: ScratchDatabase.isAvailable)) func aRefusedLoginStopsTheStartWithItsReason() async throws {
        var wrong = try #require(ScratchDatabase.serverURL)
        wrong.password = "not-the-password"
        var missing = try #require(ScratchDatabase.serverURL)
        missing.database = "petspot_no_such_database"
        // The scratch server (.ci/postgres.sh) offers no TLS: a URL that requires it stops at once too (it
        // retried for two minutes, found by a backend audit).
        var secure = try #require(ScratchDatabase.serverURL)
        secure.tls = .require
        for (url, reason) in [(wrong, "password authentication failed"), (missing, "does not exist"), (secure, "does not offer TLS")] {
            let storage = try await StorageSelection.open(ServerConfiguration(databaseURL: url), logger: quietLogger)
            await #expect {
                try await storage.prepare()
            } throws: { error in
                "\(error)".contains(reason) && "\(error)".contains("DATABASE_URL") && !"\(error)".contains("not-the-password")
            }
        }
    }
}
