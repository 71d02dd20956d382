import Configuration
import Foundation
import PetSpotDomain
import PetSpotStore

/// One setting of `petspot serve`, declared once: its name (the flag `--name` and the configuration
/// key), its environment variable, its default and its help. The command's help, the reading of the
/// command line and the environment (through swift-configuration's providers), and docs/CONFIGURATION.md's table
/// (checked by a test) all come from `ServerSetting.all`.
public struct ServerSetting: Sendable {
    /// The flag's name without `--`; nil for a setting read only from the environment (secrets stay
    /// off the command line, where every user of the machine can see them).
    public let flag: String?
    public let environment: String?
    /// The default, as docs/CONFIGURATION.md shows it.
    public let defaultText: String
    public let help: String
    /// True when an empty value means something (no maps); otherwise an empty value is no value.
    var keepsEmpty = false
    let apply: @Sendable (inout ServerConfiguration, String) throws -> Void

    init(flag: String?, environment: String?, default defaultText: String, help: String, keepsEmpty: Bool = false,
         apply: @escaping @Sendable (inout ServerConfiguration, String) throws -> Void) {
        self.flag = flag
        self.environment = environment
        self.defaultText = defaultText
        self.help = help
        self.keepsEmpty = keepsEmpty
        self.apply = apply
    }

    /// Every setting, in docs/CONFIGURATION.md's order (a later one may build on an earlier: the SMTP CA file on the SMTP URL).
    public static let all: [ServerSetting] = [
        .init(flag: "host", environment: "PETSPOT_HOST", default: "127.0.0.1", help: "address to listen on") { $0.host = $1 },
        .init(flag: "port", environment: "PETSPOT_PORT", default: "3000", help: "port to listen on") {
            guard let number = Int($1), (0...65535).contains(number) else { throw ConfigurationError.invalidPort($1) }
            $0.port = number
        },
        .init(flag: "data-dir", environment: "PETSPOT_DATA_DIR", default: "./petspot-data", help: "folder for the database and photos") {
            $0.dataDirectory = URL(fileURLWithPath: $1)
        },
        .init(flag: nil, environment: "PETSPOT_JWT_SECRET", default: "made once, kept in <data-dir>/jwt-secret (mode 0600)",
              help: "HS256 secret for user tokens, at least 32 characters") { $0.jwtSecret = $1 },
        .init(flag: nil, environment: "PETSPOT_ADMIN_TOKEN", default: "unset: admin deletion refused",
              help: "the operator's token for admin deletion, at least 32 characters") { $0.adminToken = $1 },
        .init(flag: "database-url", environment: "DATABASE_URL", default: "unset: SQLite in the data folder",
              help: "PostgreSQL to use, postgres://user:password@host:port/database") { $0.databaseURL = try DatabaseURL($1) },
        .init(flag: "smtp-url", environment: "PETSPOT_SMTP_URL", default: "unset: e-mail goes to <data-dir>/mailbox/",
              help: "send e-mail through smtp://user:password@host:port or smtps://…") { $0.smtp = try SMTPSettings(url: $1) },
        .init(flag: nil, environment: "PETSPOT_SMTP_CA_FILE", default: "the system's CAs",
              help: "a PEM file of CAs to trust for the SMTP server") { $0.smtp?.trustRoots = .file($1) },
        .init(flag: nil, environment: "PETSPOT_MAIL_FROM", default: "PetSpot <no-reply@petspot.localhost>",
              help: "sender of PetSpot's e-mail, address or Name <address>") {
            guard let address = MailAddress($1) else { throw ConfigurationError.invalidMailFrom($1) }
            $0.mailFrom = address
        },
        .init(flag: "public-url", environment: "PETSPOT_PUBLIC_URL", default: "http://<host>:<port>",
              help: "where people reach the web app, for the links in e-mails") { $0.publicURL = try ServerConfiguration.checkedPublicURL($1) },
        .init(flag: "list-cache-seconds", environment: "PETSPOT_LIST_CACHE_SECONDS", default: "5",
              help: "how long list answers are served from memory, 0 to 60; 0 turns it off") {
            $0.listCacheSeconds = try ServerConfiguration.listCacheSeconds($1)
        },
        .init(flag: "trusted-proxy", environment: "PETSPOT_TRUSTED_PROXY", default: "unset: none",
              help: "reverse proxies (addresses or CIDR networks, comma-separated) whose X-Forwarded-For names the client") {
            $0.trustedProxies = try TrustedProxies($1)
        },
        .init(flag: "map-tiles-url", environment: "PETSPOT_MAP_TILES_URL", default: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
              help: "map tiles, a URL with {z}/{x}/{y}; empty turns the maps off", keepsEmpty: true) {
            $0.map.tilesURL = try MapSettings.checkedTilesURL($1)
        },
        .init(flag: "leaflet-path", environment: "PETSPOT_LEAFLET_PATH", default: "/usr/share/javascript/leaflet",
              help: "folder of Leaflet's leaflet.js, leaflet.css and images/") { $0.map.leafletDirectory = $1 },
        .init(flag: "geocoder-url", environment: "PETSPOT_GEOCODER_URL", default: "unset: the embedded gazetteer only",
              help: "Nominatim's search API for street addresses, e.g. https://nominatim.openstreetmap.org") {
            $0.geocoderURL = try NominatimGeocoder.checkedURL($1)
        },
        .init(flag: "idle-timeout", environment: "PETSPOT_IDLE_TIMEOUT", default: "60",
              help: "seconds a connection may wait for its next request") { $0.timeouts.idle = try ServerConfiguration.timeout($1) },
        .init(flag: "header-timeout", environment: "PETSPOT_HEADER_TIMEOUT", default: "20",
              help: "seconds from a request's first byte to the end of its head") { $0.timeouts.header = try ServerConfiguration.timeout($1) },
        .init(flag: "body-timeout", environment: "PETSPOT_BODY_TIMEOUT", default: "30",
              help: "the longest pause in seconds while a request body is read") { $0.timeouts.body = try ServerConfiguration.timeout($1) },
        .init(flag: "body-deadline", environment: "PETSPOT_BODY_DEADLINE", default: "300",
              help: "seconds a whole request body may take") { $0.timeouts.bodyTotal = try ServerConfiguration.timeout($1) },
        .init(flag: "client-connections", environment: "PETSPOT_CLIENT_CONNECTIONS", default: "64",
              help: "connections one client (an IPv4 address or an IPv6 /64) may hold open") {
            guard let count = Int($1), (1...100_000).contains(count) else { throw ConfigurationError.invalidConnections($1) }
            $0.connectionsPerClient = count
        },
        .init(flag: "contact-limit", environment: "PETSPOT_CONTACT_LIMIT", default: "1000",
              help: "public e-mail addresses and phone numbers one client is shown an hour") {
            $0.contactLimit = try ServerConfiguration.contactLimit($1)
        },
        .init(flag: "report-limit", environment: "PETSPOT_REPORT_LIMIT", default: "60",
              help: "reports one client (an IPv4 address or an IPv6 /64) may file in 15 minutes") {
            $0.reportLimit = try ServerConfiguration.contactLimit($1)
        },
        .init(flag: "flag-threshold", environment: "PETSPOT_FLAG_THRESHOLD", default: "3",
              help: "distinct clients whose flags hold a report or sighting for review") {
            guard let count = Int($1), (1...1000).contains(count) else { throw ConfigurationError.invalidFlagThreshold($1) }
            $0.flagThreshold = count
        },
        .init(flag: "flag-hold-after-minutes", environment: "PETSPOT_FLAG_HOLD_AFTER_MINUTES", default: "60",
              help: "minutes a report must have been public before flags alone may hold it (younger: they wait for an operator)") {
            guard let minutes = Int($1), (0...10_080).contains(minutes) else { throw ConfigurationError.invalidFlagHoldAfter($1) }
            $0.flagHoldAfterMinutes = minutes
        },
        .init(flag: "operator-alert-email", environment: "PETSPOT_OPERATOR_ALERT_EMAIL", default: "unset: no e-mail",
              help: "an address told (at most hourly) when an operator's name gets repeated wrong sign-ins") {
            guard ContactRules.isValidEmail($1) else { throw ConfigurationError.invalidOperatorAlertEmail($1) }
            $0.operatorAlertEmail = $1
        },
        .init(flag: "alert-daily-cap", environment: "PETSPOT_ALERT_DAILY_CAP", default: "10",
              help: "instant alert e-mails one subscription gets a day; the rest go into the day's digest") {
            $0.alertDailyCap = try ServerConfiguration.alertDailyCap($1)
        },
        .init(flag: "check-in-days", environment: "PETSPOT_CHECK_IN_DAYS", default: "7,14",
              help: "days after a report before its reporter is asked \"still missing?\", then days between asks") {
            $0.checkInDays = try ServerConfiguration.checkInDays($1)
        },
        .init(flag: "photo-store", environment: "PETSPOT_PHOTO_STORE", default: "folder",
              help: "where photos are kept: folder (the data folder) or s3://bucket/prefix") {
            $0.photoStore.bucket = try PhotoStoreSettings.store($1)
        },
        .init(flag: "s3-endpoint", environment: "PETSPOT_S3_ENDPOINT", default: "https://s3.<region>.amazonaws.com",
              help: "the S3-compatible server of the photo bucket (MinIO, R2, Ceph, …)") {
            $0.photoStore.endpoint = try PhotoStoreSettings.endpoint($1)
        },
        .init(flag: "s3-region", environment: "PETSPOT_S3_REGION", default: "us-east-1", help: "the photo bucket's region") {
            $0.photoStore.region = try PhotoStoreSettings.region($1)
        },
        .init(flag: "s3-path-style", environment: "PETSPOT_S3_PATH_STYLE", default: "false",
              help: "address the bucket as <endpoint>/<bucket> (MinIO, Ceph) instead of <bucket>.<endpoint>") {
            $0.photoStore.pathStyle = try PhotoStoreSettings.flag($1, name: "PETSPOT_S3_PATH_STYLE")
        },
        .init(flag: nil, environment: "AWS_ACCESS_KEY_ID", default: "unset", help: "the photo bucket's access key") {
            $0.photoStore.accessKeyID = $1
        },
        .init(flag: nil, environment: "AWS_SECRET_ACCESS_KEY", default: "unset", help: "the photo bucket's secret key") {
            $0.photoStore.secretAccessKey = $1
        },
        .init(flag: nil, environment: "AWS_SESSION_TOKEN", default: "unset", help: "a session token for temporary keys") {
            $0.photoStore.sessionToken = $1
        },
        .init(flag: "photo-redirect-seconds", environment: "PETSPOT_PHOTO_REDIRECT_SECONDS", default: "0",
              help: "with a bucket, answer photos with a redirect to a presigned URL good this long (0: serve them through PetSpot)") {
            $0.photoStore.redirectSeconds = try PhotoStoreSettings.redirect($1)
        },
        .init(flag: nil, environment: "PETSPOT_TEST_CLOCK_DAYS", default: "0",
              help: "tests only: days the server's clock runs ahead (walks a report through its search plan's days)") {
            guard let days = Int($1), (0...3650).contains(days) else { throw ConfigurationError.invalidClockDays($1) }
            $0.clockDays = days
        },
        .init(flag: "demo", environment: nil, default: "off", help: "load demo reports into an empty database", keepsEmpty: true) {
            guard ["", "true", "false"].contains($1) else { throw ConfigurationError.unknownFlag("--demo \($1)") }
            $0.loadDemoData = $1 != "false"
        },
    ]

    /// The configuration key: the flag's words, or the variable's for an environment-only setting.
    var key: [String] { Self.words(flag ?? environment ?? "") }

    /// `data-dir` and `PETSPOT_DATA_DIR` as lower-case words.
    static func words(_ name: String) -> [String] {
        name.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    }

    /// The `petspot serve --help` text: each setting's flag, environment variable, default and help.
    public static var helpText: String {
        all.map { setting in
            let names = [setting.flag.map { "--\($0)" }, setting.environment].compactMap { $0 }.joined(separator: ", ")
            return "  \(names)\n      \(setting.help) (default: \(setting.defaultText))"
        }.joined(separator: "\n")
    }
}
