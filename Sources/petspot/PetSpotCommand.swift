import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PetSpotServer
import PetSpotStore

/// `petspot`: the PetSpot server and its operator tasks.
@main
struct PetSpotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot", abstract: "PetSpot: report lost and found pets.",
        subcommands: [Serve.self, Bench.self])
}

/// `petspot serve`: runs the API and the web app until SIGINT or SIGTERM.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the PetSpot server.")

    @Option(help: "Address to listen on (PETSPOT_HOST, default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on (PETSPOT_PORT, default 3000).") var port: Int?
    @Option(name: .customLong("data-dir"), help: "Folder for the database and photos (PETSPOT_DATA_DIR, default ./petspot-data).")
    var dataDir: String?
    @Option(name: .customLong("database-url"),
            help: "PostgreSQL to use, postgres://user:password@host:port/database (DATABASE_URL; default: SQLite in the data folder).")
    var databaseURL: String?
    @Flag(help: "Load demo reports into an empty database.") var demo = false
    @Option(name: .customLong("list-cache-seconds"),
            help: "How long list answers are served from memory; 0 turns it off (PETSPOT_LIST_CACHE_SECONDS, default 1).")
    var listCacheSeconds: String?

    func run() async throws {
        LoggingSystem.bootstrap(JSONLogHandler.init)
        var configuration = try ServerConfiguration.fromEnvironment()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if let dataDir { configuration.dataDirectory = URL(fileURLWithPath: dataDir) }
        if let databaseURL { configuration.databaseURL = try DatabaseURL(databaseURL) }
        configuration.loadDemoData = demo
        if let listCacheSeconds { configuration.listCacheSeconds = try ServerConfiguration.listCacheSeconds(listCacheSeconds) }
        let logger = Logger(label: "petspot")
        let host = configuration.host
        let app = try await buildApplication(configuration, logger: logger) { port in
            logger.info("PetSpot is ready", metadata: ["url": "http://\(host):\(port)"])
        }
        try await app.runService()
    }
}
