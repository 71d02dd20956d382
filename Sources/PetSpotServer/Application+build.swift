import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PetSpotAPI
import PetSpotStore
import ServiceLifecycle

/// The one composition root, used by `petspot serve` and by the tests: opens the data folder and the
/// database (SQLite in the folder, or PostgreSQL when configured; migrated before the server takes
/// requests), wires services and controllers, and returns the application.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger = Logger(label: "petspot"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
    onRoutes: ([(method: String, path: String)]) -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    if let token = configuration.adminToken, token.count < 32 { throw ConfigurationError.weakSecret("PETSPOT_ADMIN_TOKEN") }
    try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
    let storage = try await StorageSelection.open(configuration, logger: logger)
    let store = storage.store
    let photos = try PhotoStorage(dataDirectory: configuration.dataDirectory, objects: try configuration.photoStore.objects(logger: logger))
    logger.info("Photos: \(photos.objects)")
    let metrics = ServerMetrics()
    let lockout = LockoutPolicy(store: store, onRefusal: metrics.lockout)
    let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: configuration.linkBaseURL)
    PlaceDirectory.preload()
    let places = PlaceDirectory(geocoder: configuration.geocoderURL.map { NominatimGeocoder(baseURL: $0) })
    let service = {
        var service = AnnouncementService(store: store, photos: photos, hasher: configuration.passwordHasher, lockout: lockout, notifier: notifier)
        service.reportRule.limit = configuration.reportLimit
        service.places = places
        return service
    }()
    let sightings = SightingService(store: store, photos: photos, lockout: lockout, notifier: notifier, now: configuration.now)
    let delivery: any MailDelivery = try configuration.smtp.map { SMTPClient(settings: $0) }
        ?? MailboxDelivery(dataDirectory: configuration.dataDirectory, temporaryDirectory: photos.temporaryDirectory)
    // Rung once the database is migrated; each background service waits for its own.
    let outboxReady = Doorbell(), sweepReady = Doorbell(), checkInsReady = Doorbell(), searchReady = Doorbell(),
        plansReady = Doorbell()
    let secret = try SecretFile.secret(configured: configuration.jwtSecret, in: configuration.dataDirectory)
    let alerts = AlertService(store: store, notifier: notifier, tokens: AlertTokens(secret: secret), lockout: lockout,
                              dailyCap: configuration.alertDailyCap, now: configuration.now)
    let checkIns = CheckInService(store: store, announcements: service, notifier: notifier, tokens: AlertTokens(secret: secret),
                                  first: configuration.checkInDays.first * 86_400, every: configuration.checkInDays.every * 86_400,
                                  now: configuration.now)
        let signer = JWTSigner(secret: secret)
    var moderation = ModerationService(store: store, announcements: service, lockout: lockout, metrics: metrics, tokens: AlertTokens(secret: secret),
                                       threshold: configuration.flagThreshold, now: configuration.now)
    moderation.holdMinimumAge = TimeInterval(configuration.flagHoldAfterMinutes * 60)
    let myReports = MyReportsService(store: store, announcements: service, alerts: alerts, tokens: AlertTokens(secret: secret), lockout: lockout,
                                     now: configuration.now)
    var outbox = OutboxWorker(store: store, delivery: delivery, notifier: notifier, alerts: alerts, sender: configuration.mailFrom,
                              doorbell: notifier.doorbell, ready: outboxReady, logger: logger, now: configuration.now)
    outbox.myReports = myReports
    let plans = SearchPlanService(store: store, notifier: notifier, tokens: AlertTokens(secret: secret), now: configuration.now)
    var operators = OperatorAuth(store: store, lockout: lockout, hasher: configuration.passwordHasher, secret: secret,
                                 secureCookies: configuration.isSecure)
    operators.guessAlerts = configuration.operatorAlertEmail.map { ($0, notifier) }

    let router = Router(context: PetSpotRequestContext.self, options: .autoGenerateHeadEndpoints)
    // One per server: the API's answers and the pages spend the same leased budget.
    let contactQuota = ContactQuota(store: store, limit: configuration.contactLimit)
    let web = try await WebApp(service: service, sightings: sightings, drafts: store, photos: photos, dataDirectory: configuration.dataDirectory,
                               sessionKeys: WebSessionKeys(secret: secret, secureCookies: configuration.isSecure), places: places,
                               map: configuration.map, baseURL: configuration.linkBaseURL, alerts: alerts, checkIns: checkIns,
                               contactQuota: contactQuota, moderation: moderation, operators: operators, myReports: myReports,
                               plans: plans)
    // Outermost, so error answers carry the CORS headers too and browsers on other origins can read them.
    router.add(middleware: CORSMiddleware(
        allowOrigin: .all, allowHeaders: [.accept, .authorization, .contentType, .origin],
        allowMethods: [.get, .head, .put, .patch, .post, .delete]))
    router.add(middleware: RequestEnvelopeMiddleware(logger: logger, htmlNotFound: web.notFound))
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    router.add(middleware: ClientAddressMiddleware(proxies: configuration.trustedProxies))
    router.add(middleware: RequestDeadlineMiddleware(limit: configuration.requestDeadline))
    let listCache = configuration.listCacheSeconds > 0
        ? ListResponseCache(lifetime: .seconds(configuration.listCacheSeconds), changeStamp: { try await store.listChangeStamp() }) : nil
    if let listCache { router.add(middleware: ListCacheInvalidation(cache: listCache)) }
    SystemController(status: SystemStatus(store: store, ping: { try await store.ping() }), metrics: metrics).register(on: router)
    PhotoController(service: service, redirectSeconds: configuration.photoStore.redirectSeconds).register(on: router)
    AnnouncementController(service: service, photoReader: MultipartPhotoReader(storage: photos),
                           adminToken: configuration.adminToken, metrics: metrics, places: places, listCache: listCache,
                           contactQuota: contactQuota).register(on: router)
    PlacesController(places: places).register(on: router)
    MessageController(service: service, moderation: moderation).register(on: router)
    FlagController(service: moderation, announcements: service).register(on: router)
    MyReportsAPIController(service: myReports).register(on: router)
    AlertController(service: alerts, places: places).register(on: router)
    SightingController(service: sightings, announcements: service, photoReader: MultipartPhotoReader(storage: photos), places: places)
        .register(on: router)
    web.register(on: router)
    UserController(users: store, hasher: configuration.passwordHasher, signer: signer, lockout: lockout).register(on: router)

    // Every route, as registered (a test holds them against openapi.json).
    onRoutes(router.routes.map { ($0.method.rawValue, $0.path.description) })
    var app = Application(
        router: router,
        server: TimedHTTP1Channel.builder(configuration.timeouts, admission: ConnectionAdmission(
            perClient: configuration.connectionsPerClient, proxies: configuration.trustedProxies)),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "PetSpot"),
        services: storage.services + [StorageService(store: store), outbox, PhotoSweeper(service: service, logger: logger),
                                           PeriodicJob.searchBackfill(store: store, places: places, logger: logger, ready: searchReady),
                                           PeriodicJob.alertSweeper(store: store, logger: logger, ready: sweepReady),
                                           PeriodicJob.checkInScheduler(service: checkIns, logger: logger, ready: checkInsReady,
                                                                        interval: configuration.checkInPoll),
                                           PeriodicJob.searchPlans(service: plans, logger: logger, ready: plansReady, interval: configuration.checkInPoll)],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
    let loadDemoData = configuration.loadDemoData
    app.beforeServerStarts {
        try await storage.prepare()
        if loadDemoData { try await DemoData.load(into: service, store: store) }
        for doorbell in [outboxReady, sweepReady, checkInsReady, searchReady, plansReady] { doorbell.ring() }
    }
    return app
}

/// Deletes photo files no row names, once, in the background after start (a crash can leave one; none
/// is ever served meanwhile).
struct PhotoSweeper: Service {
    let service: AnnouncementService
    let logger: Logger

    func run() async throws {
        try? await Task.sleep(for: .seconds(5))
        do {
            let removed = try await service.sweepOrphanPhotos()
            if removed > 0 { logger.info("removed photo files no report names", metadata: ["count": "\(removed)"]) }
        } catch {
            logger.warning("photo sweep failed", metadata: ["error": "\(error)"])
        }
        try? await gracefulShutdown()
    }
}

/// Closes the database when the server shuts down, also when the service group is cancelled rather
/// than shut down gracefully (a store left open would be lost mid-write).
struct StorageService: Service {
    let store: any PetSpotStorage

    func run() async throws {
        try? await gracefulShutdown()
        let store = self.store
        // A task of its own: the cancellation that may have ended the wait must not stop the close.
        try await Task { try await store.close() }.value
    }
}
