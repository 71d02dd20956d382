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
        subcommands: [Serve.self, Mailbox.self, Bench.self])
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
    @Option(name: .customLong("smtp-url"),
            help: "Send e-mail through smtp://user:password@host:port or smtps://… (PETSPOT_SMTP_URL; default: write it to <data-dir>/mailbox).")
    var smtpURL: String?
    @Option(name: .customLong("public-url"), help: "The address people reach PetSpot at, for links in e-mails (PETSPOT_PUBLIC_URL).")
    var publicURL: String?
    @Flag(help: "Load demo reports into an empty database.") var demo = false
    @Option(name: .customLong("list-cache-seconds"),
            help: "How long list answers are served from memory; 0 turns it off (PETSPOT_LIST_CACHE_SECONDS, default 1).")
    var listCacheSeconds: String?
    @Option(name: .customLong("trusted-proxy"),
            help: "Reverse proxies (addresses or CIDR networks, comma-separated) whose X-Forwarded-For names the client (PETSPOT_TRUSTED_PROXY; default none).")
    var trustedProxy: String?
    @Option(name: .customLong("map-tiles-url"),
            help: "Map tiles, a URL with {z}/{x}/{y}; empty turns the maps off (PETSPOT_MAP_TILES_URL, default OpenStreetMap's).")
    var mapTilesURL: String?
    @Option(name: .customLong("leaflet-path"),
            help: "Folder of Leaflet's leaflet.js, leaflet.css and images/ (PETSPOT_LEAFLET_PATH, default Debian's /usr/share/javascript/leaflet).")
    var leafletPath: String?
    @Option(name: .customLong("geocoder-url"),
            help: "Nominatim's search API for street addresses, e.g. https://nominatim.openstreetmap.org (PETSPOT_GEOCODER_URL; default off).")
    var geocoderURL: String?
    @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may wait for its next request (PETSPOT_IDLE_TIMEOUT, default 60).")
    var idleTimeout: String?
    @Option(name: .customLong("header-timeout"),
            help: "Seconds from a request's first byte to the end of its head (PETSPOT_HEADER_TIMEOUT, default 20).")
    var headerTimeout: String?
    @Option(name: .customLong("body-timeout"), help: "Longest pause in seconds while a request body is read (PETSPOT_BODY_TIMEOUT, default 30).")
    var bodyTimeout: String?
    @Option(name: .customLong("contact-limit"),
            help: "Public e-mail addresses and phone numbers one client is shown an hour, over the API and the report pages (PETSPOT_CONTACT_LIMIT, default 1000).")
    var contactLimit: String?
    @Option(name: .customLong("alert-daily-cap"),
            help: "Instant alert e-mails one subscription gets a day; the rest go into that day's digest (PETSPOT_ALERT_DAILY_CAP, default 10).")
    var alertDailyCap: String?
    @Option(name: .customLong("check-in-days"),
            help: "Days after a report before its reporter is asked \"still missing?\", then days between asks (PETSPOT_CHECK_IN_DAYS, default 7,14).")
    var checkInDays: String?

    func run() async throws {
        LoggingSystem.bootstrap(JSONLogHandler.init)
        var configuration = try ServerConfiguration.fromEnvironment()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if let dataDir { configuration.dataDirectory = URL(fileURLWithPath: dataDir) }
        if let databaseURL { configuration.databaseURL = try DatabaseURL(databaseURL) }
        if let smtpURL { configuration.smtp = try SMTPSettings(url: smtpURL) }
        if let publicURL { configuration.publicURL = try ServerConfiguration.checkedPublicURL(publicURL) }
        configuration.loadDemoData = demo
        if let listCacheSeconds { configuration.listCacheSeconds = try ServerConfiguration.listCacheSeconds(listCacheSeconds) }
        if let trustedProxy { configuration.trustedProxies = try TrustedProxies(trustedProxy) }
        if let mapTilesURL { configuration.map.tilesURL = try MapSettings.checkedTilesURL(mapTilesURL) }
        if let leafletPath { configuration.map.leafletDirectory = leafletPath }
        if let geocoderURL { configuration.geocoderURL = try NominatimGeocoder.checkedURL(geocoderURL) }
        if let contactLimit { configuration.contactLimit = try ServerConfiguration.contactLimit(contactLimit) }
        if let alertDailyCap { configuration.alertDailyCap = try ServerConfiguration.alertDailyCap(alertDailyCap) }
        if let checkInDays { configuration.checkInDays = try ServerConfiguration.checkInDays(checkInDays) }
        if let idleTimeout { configuration.timeouts.idle = try ServerConfiguration.timeout(idleTimeout) }
        if let headerTimeout { configuration.timeouts.header = try ServerConfiguration.timeout(headerTimeout) }
        if let bodyTimeout { configuration.timeouts.body = try ServerConfiguration.timeout(bodyTimeout) }
        let logger = Logger(label: "petspot")
        let host = configuration.host
        let app = try await buildApplication(configuration, logger: logger) { port in
            logger.info("PetSpot is ready", metadata: ["url": "http://\(host):\(port)"])
        }
        try await app.runService()
    }
}

/// `petspot mailbox`: what PetSpot would have e-mailed, when it runs without SMTP (the `.eml` files in
/// `<data-dir>/mailbox/`).
struct Mailbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the e-mails written to the data folder's mailbox (when PETSPOT_SMTP_URL is not set).")

    @Option(name: .customLong("data-dir"), help: "The server's data folder (PETSPOT_DATA_DIR, default ./petspot-data).")
    var dataDir: String?
    @Option(help: "Print message number N of the list (1 is the oldest) as plain text.") var show: Int?

    func run() async throws {
        let directory = try dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.fromEnvironment().dataDirectory
        let messages = try MailboxMessage.all(in: directory)
        if let show {
            guard messages.indices.contains(show - 1) else {
                throw ValidationError("There is no message \(show); the mailbox holds \(messages.count).")
            }
            let message = messages[show - 1]
            print("Date: \(message.date)\nTo: \(message.to)\nSubject: \(message.subject)\nFile: \(message.file.path)\n")
            print(message.text)
            return
        }
        guard !messages.isEmpty else {
            print("No messages in \(directory.appendingPathComponent("mailbox").path).")
            return
        }
        for (index, message) in messages.enumerated() {
            print("\(index + 1)\t\(message.date)\t\(message.to)\t\(message.subject)")
        }
        print("\n\(messages.count) message(s) in \(directory.appendingPathComponent("mailbox").path); `petspot mailbox --show N` prints one.")
    }
}
