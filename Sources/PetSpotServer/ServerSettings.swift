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

    init(
        flag: String?, environment: String?, default defaultText: String, help: String, keepsEmpty: Bool = false,
        apply: @escaping @Sendable (inout ServerConfiguration, String) throws -> Void
    ) {
        self.flag = flag
        self.environment = environment
        self.defaultText = defaultText
        self.help = help
        self.keepsEmpty = keepsEmpty
        self.apply = apply
    }

    /// Every setting, in docs/CONFIGURATION.md's order (a later one may build on an earlier: the SMTP CA file on the SMTP URL).
    public static let all: [ServerSetting] =
        [
            .init(flag: "host", environment: "PETSPOT_HOST", default: "127.0.0.1", help: "address to listen on") { $0.host = $1 },
            .init(flag: "port", environment: "PETSPOT_PORT", default: "3000", help: "port to listen on") {
                guard let number = Int($1), (0...65535).contains(number) else { throw ConfigurationError.invalidPort($1) }
                $0.port = number
            },
            .init(flag: "data-dir", environment: "PETSPOT_DATA_DIR", default: "./petspot-data", help: "folder for the database and photos") {
                $0.dataDirectory = URL(fileURLWithPath: $1)
            },
            .init(
                flag: nil, environment: "PETSPOT_JWT_SECRET", default: "made once, kept in <data-dir>/jwt-secret (mode 0600)",
                help: "HS256 secret for user tokens, at least 32 characters"
            ) { $0.jwtSecret = $1 },
            .init(
                flag: nil, environment: "PETSPOT_ADMIN_TOKEN", default: "unset: admin deletion refused",
                help: "the operator's token for admin deletion, at least 16 characters"
            ) { $0.adminToken = $1 },
            .init(
                flag: "database-url", environment: "DATABASE_URL", default: "unset: SQLite in the data folder",
                help: "PostgreSQL to use, postgres://user:password@host:port/database"
            ) { $0.databaseURL = try DatabaseURL($1) },
            .init(
                flag: "smtp-url", environment: "PETSPOT_SMTP_URL", default: "unset: e-mail goes to <data-dir>/mailbox/",
                help: "send e-mail through smtp://user:password@host:port or smtps://…"
            ) { $0.smtp = try SMTPSettings(url: $1) },
            .init(
                flag: nil, environment: "PETSPOT_SMTP_CA_FILE", default: "the system's CAs",
                help: "a PEM file of CAs to trust for the SMTP server"
            ) {
                guard FileManager.default.isReadableFile(atPath: $1) else { throw ConfigurationError.unreadableFile("PETSPOT_SMTP_CA_FILE", $1) }
                $0.smtp?.trustRoots = .file($1)
            },
            .init(
                flag: nil, environment: "PETSPOT_MAIL_FROM", default: "PetSpot <no-reply@petspot.localhost>",
                help: "sender of PetSpot's e-mail, address or Name <address>"
            ) {
                guard let address = MailAddress($1) else { throw ConfigurationError.invalidMailFrom($1) }
                $0.mailFrom = address
            },
            .init(
                flag: "public-url", environment: "PETSPOT_PUBLIC_URL", default: "http://<host>:<port>",
                help: "where people reach the web app, for the links in e-mails"
            ) { $0.publicURL = try ServerConfiguration.checkedPublicURL($1) },
            .init(
                flag: "list-cache-seconds", environment: "PETSPOT_LIST_CACHE_SECONDS", default: "5",
                help: "how long list answers are served from memory, 0 to 60; 0 turns it off"
            ) {
                $0.listCacheSeconds = try ServerConfiguration.listCacheSeconds($1)
            },
            .init(
                flag: "trusted-proxy", environment: "PETSPOT_TRUSTED_PROXY", default: "unset: none",
                help: "reverse proxies (addresses or CIDR networks, comma-separated) whose X-Forwarded-For names the client"
            ) {
                $0.trustedProxies = try TrustedProxies($1)
            },
            .init(
                flag: "map-tiles-url", environment: "PETSPOT_MAP_TILES_URL", default: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                help: "map tiles, a URL with {z}/{x}/{y}; empty turns the maps off", keepsEmpty: true
            ) {
                $0.map.tilesURL = try MapSettings.checkedTilesURL($1)
            },
            .init(
                flag: "leaflet-path", environment: "PETSPOT_LEAFLET_PATH", default: "/usr/share/javascript/leaflet",
                help: "folder of Leaflet's leaflet.js, leaflet.css and images/"
            ) { $0.map.leafletDirectory = $1 },
            .init(
                flag: "geocoder-url", environment: "PETSPOT_GEOCODER_URL", default: "unset: the embedded gazetteer only",
                help: "Nominatim's search API for street addresses, e.g. https://nominatim.openstreetmap.org"
            ) {
                $0.geocoderURL = try NominatimGeocoder.checkedURL($1)
            },
        ] + connections + limits + photos

    /// How the setting is given, as a refusal names it: `PETSPOT_PORT (--port)`, or the one way there is.
    var names: String {
        switch (environment, flag) {
        case (let variable?, let flag?): "\(variable) (--\(flag))"
        case (let variable?, nil): variable
        default: "--\(flag ?? "")"
        }
    }

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
