import Foundation
import PetSpotLooks
import PetSpotStore

/// Everything `petspot serve` can be told. Flags win over the environment, the environment over the
/// defaults; each setting is declared once, in `ServerSetting.all`.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: URL
    /// The JWT signing secret; when nil one is made once and kept in the data folder.
    public var jwtSecret: String?
    /// Enables admin deletion when set.
    public var adminToken: String?
    /// Loads the demo reports into an empty database at start.
    public var loadDemoData: Bool
    /// PostgreSQL to use instead of the SQLite file in the data folder (`DATABASE_URL`).
    public var databaseURL: DatabaseURL?
    /// Where e-mail goes (`PETSPOT_SMTP_URL`); nil writes it to `<data-dir>/mailbox/` instead.
    public var smtp: SMTPSettings?
    /// The sender of PetSpot's e-mail (`PETSPOT_MAIL_FROM`).
    public var mailFrom: MailAddress = .default
    /// The address people reach the web app at, for links in e-mails (`PETSPOT_PUBLIC_URL`); by
    /// default the address the server listens on.
    public var publicURL: String?

    /// The base of the links in e-mails.
    var linkBaseURL: String {
        if let publicURL { return publicURL }
        let host = ["0.0.0.0", "::", ""].contains(self.host) ? "localhost" : self.host
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
    /// How long a list answer may be served from memory (`ListResponseCache`); 0 turns the cache off.
    /// Other instances' writes show within this bound, local writes at once.
    public var listCacheSeconds: Double = 5
    /// Reverse proxies whose `X-Forwarded-For` names the client (`PETSPOT_TRUSTED_PROXY`); none by default.
    public var trustedProxies: TrustedProxies = .none
    /// The web maps' tiles and where Leaflet is (`MapSettings`).
    public var map = MapSettings()
    /// Nominatim's search API for street addresses (`--geocoder-url`); nil: the gazetteer only.
    public var geocoderURL: URL?
    /// How long connections may stay silent or slow (`ConnectionTimeouts`).
    public var timeouts = ConnectionTimeouts()
    /// How codes and passwords are hashed: always the production cost outside `@testable` tests (the
    /// property is internal, so `serve` and other modules cannot change it).
    var passwordHasher = PasswordHasher()
    /// How long a request (not an upload) may take before it is answered 503 (`RequestDeadlineMiddleware`).
    public var requestDeadline: Duration = .seconds(30)
    /// How many connections one client may hold open (`ConnectionAdmission`).
    public var connectionsPerClient = 64
    /// How many public e-mail addresses or phone numbers one client is handed an hour (`ContactQuota`).
    public var contactLimit = ContactQuota.defaultLimit
    /// How many reports one client may file in 15 minutes (`LockoutPolicy.reportClient`).
    public var reportLimit = LockoutPolicy.reportClient.limit
    /// Distinct clients whose flags hold an item for review (`ModerationService`).
    public var flagThreshold = 3
    /// Minutes a report must have been public before flags alone may hold it (`ModerationService`).
    public var flagHoldAfterMinutes = 60
    /// Told when an operator's name is being guessed; nil: nobody.
    public var operatorAlertEmail: String?
    /// Instant alert e-mails one subscription gets a day; the rest go into that day's digest (`AlertService`).
    public var alertDailyCap = AlertService.defaultDailyCap
    /// Days after a report before its reporter is first asked "still missing?", then days between asks.
    public var checkInDays: (first: Double, every: Double) = (7, 14)
    /// Where photos are kept: the data folder, or an S3 bucket (`PhotoStoreSettings`).
    public var photoStore = PhotoStoreSettings()
    /// How often due check-ins are looked for (tests shorten it).
    public var checkInPoll: Duration = .seconds(3600)
    /// Days the server's clock runs ahead (`PETSPOT_TEST_CLOCK_DAYS`, for browser tests that walk a
    /// report through the days; 0 in production).
    public var clockDays = 0
    /// How long an e-mail claimed by a process waits before another may send it (`OutboxWorker.lease`;
    /// `PETSPOT_TEST_OUTBOX_LEASE_SECONDS` shortens it for the crash test).
    public var outboxLease: TimeInterval = 120
    /// True when no background job runs (`--jobs paused`): benchmarks measure requests alone, and
    /// e-mail waits in the outbox until a server runs them again.
    public var jobsPaused = false
    /// The look-alikes model's folder (`--looks-dir`); nil: `<data-dir>/model`.
    public var looksDirectory: URL?
    /// ONNX Runtime's library (`--onnxruntime-library`); nil: the one the model folder's install holds.
    public var looksRuntime: URL?
    /// The look-alikes model's files.
    public var looksFiles: LooksFiles {
        LooksFiles(directory: looksDirectory ?? dataDirectory.appending(path: "model"), runtime: looksRuntime)
    }
    /// The server's clock: now, moved by `clockDays`.
    public var now: @Sendable () -> Date {
        let offset = TimeInterval(clockDays) * 86_400
        return { Date().addingTimeInterval(offset) }
    }

    /// True when people reach PetSpot over https, so cookies are marked `Secure`.
    var isSecure: Bool { publicURL?.lowercased().hasPrefix("https://") ?? false }

    public init(
        host: String = "127.0.0.1", port: Int = 3000, dataDirectory: URL = URL(fileURLWithPath: "./petspot-data"),
        jwtSecret: String? = nil, adminToken: String? = nil, loadDemoData: Bool = false, databaseURL: DatabaseURL? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.jwtSecret = jwtSecret
        self.adminToken = adminToken
        self.loadDemoData = loadDemoData
        self.databaseURL = databaseURL
    }

    /// A connection timeout in seconds: more than 0, at most an hour.
    public static func timeout(_ text: String) throws -> Duration {
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else { throw ConfigurationError.invalidTimeout(text) }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// A contact quota: a whole number from 1 to 1,000,000 an hour.
    public static func contactLimit(_ text: String) throws -> Int {
        guard let limit = Int(text), (1...1_000_000).contains(limit) else { throw ConfigurationError.invalidContactLimit(text) }
        return limit
    }

    /// `first,every`: days before the first check-in and between the next ones (each 1 to 365).
    public static func checkInDays(_ text: String) throws -> (first: Double, every: Double) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let first = parts[0], let every = parts[1], (1...365).contains(first), (1...365).contains(every) else {
            throw ConfigurationError.invalidCheckInDays(text)
        }
        return (first, every)
    }

    /// An alert cap: a whole number of e-mails a day, 1 to 1000.
    public static func alertDailyCap(_ text: String) throws -> Int {
        guard let cap = Int(text), (1...1000).contains(cap) else { throw ConfigurationError.invalidAlertDailyCap(text) }
        return cap
    }

    /// A list cache lifetime in seconds: a number from 0 (off) to 60.
    public static func listCacheSeconds(_ text: String) throws -> Double {
        guard let seconds = Double(text), (0...60).contains(seconds) else { throw ConfigurationError.invalidListCacheSeconds(text) }
        return seconds
    }
}
