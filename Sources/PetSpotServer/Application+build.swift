import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PetSpotAPI
import PetSpotStore
import ServiceLifecycle

/// The one composition root, used by `petspot serve` and by the tests: opens the data folder and the
/// database (SQLite in the folder, or PostgreSQL when configured; migrated before the server takes
/// requests), builds the use cases (`UseCases`) and the adapters over them, and returns the application.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger = Logger(label: "petspot"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
    onRoutes: ([(method: String, path: String)]) -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    // 16 characters: the published apps' old backend's token works when an operator sets it; its guesses are limited.
    if let token = configuration.adminToken, token.count < 16 { throw ConfigurationError.weakSecret("PETSPOT_ADMIN_TOKEN", minimum: 16) }
    try StorageSelection.makeDataFolder(configuration)
    let storage = try await StorageSelection.open(configuration, logger: logger)
    // A setting refused once the database is open (a short secret, a bucket without keys) closes it
    // first, so the refusal is the one line it should be.
    do {
        let photos = try PhotoStorage(dataDirectory: configuration.dataDirectory, objects: try configuration.photoStore.objects(logger: logger))
        logger.info("Photos: \(photos.objects)")
        let cases = try UseCases(configuration, store: storage.store, photos: photos, logger: logger)
        let (router, early) = try await makeRouter(configuration, cases, drafts: storage.store, logger: logger)
        // Every route, as registered (a test holds them against openapi.json).
        onRoutes(router.routes.map { ($0.method.rawValue, $0.path.description) })
        var app = Application(
            router: router,
            server: TimedHTTP1Channel.builder(
                configuration.timeouts,
                admission: ConnectionAdmission(
                    perClient: configuration.connectionsPerClient, proxies: configuration.trustedProxies), early: early),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: TimedHTTP1Channel.serverName),
            services: storage.services + [StorageService(store: storage.store)] + cases.jobs(configuration, logger: logger),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        let loadDemoData = configuration.loadDemoData
        app.beforeServerStarts {
            try await storage.prepare()
            if loadDemoData { try await DemoData.load(into: cases.announcements, store: storage.store) }
            cases.ready()
        }
        return app
    } catch {
        try? await storage.store.close()
        throw error
    }
}

/// The router: the middleware every answer passes, then the API's, the web app's and the console's routes;
/// and, when the list cache is on, the kept list answers the connections send before the router.
private func makeRouter(_ configuration: ServerConfiguration, _ cases: UseCases, drafts: any DraftStore, logger: Logger) async throws
    -> (Router<PetSpotRequestContext>, EarlyAnswers?)
{
    let router = Router(context: PetSpotRequestContext.self, options: .autoGenerateHeadEndpoints)
    let service = cases.announcements, photos = cases.photos, places = cases.places
    let web = try await WebApp(
        service: service, sightings: cases.sightings, drafts: drafts, photos: photos,
        dataDirectory: configuration.dataDirectory,
        sessionKeys: WebSessionKeys(secret: cases.secret, secureCookies: configuration.isSecure), places: places,
        map: configuration.map, baseURL: configuration.linkBaseURL, alerts: cases.alerts, checkIns: cases.checkIns,
        contactQuota: cases.contactQuota, moderation: cases.moderation, operators: cases.operators,
        myReports: cases.myReports, plans: cases.plans, looks: cases.looks)
    let envelope = RequestEnvelopeMiddleware(logger: logger, htmlNotFound: web.notFound)
    router.add(middleware: envelope)
    router.add(middleware: MetricsMiddleware(metrics: cases.metrics))
    router.add(middleware: ClientAddressMiddleware(proxies: configuration.trustedProxies))
    router.add(middleware: RequestDeadlineMiddleware(limit: configuration.requestDeadline))
    if let listCache = cases.listCache { router.add(middleware: ListCacheInvalidation(cache: listCache)) }
    SystemController(status: cases.status, metrics: cases.metrics).register(on: router)
    PhotoController(service: service, redirectSeconds: configuration.photoStore.redirectSeconds).register(on: router)
    let announcements = AnnouncementController(
        service: service, photoReader: MultipartPhotoReader(storage: photos),
        adminToken: configuration.adminToken, metrics: cases.metrics, places: places, listCache: cases.listCache,
        contactQuota: cases.contactQuota)
    announcements.register(on: router)
    PlacesController(places: places).register(on: router)
    MessageController(service: service, moderation: cases.moderation).register(on: router)
    FlagController(service: cases.moderation, announcements: service).register(on: router)
    MyReportsAPIController(service: cases.myReports).register(on: router)
    AlertController(service: cases.alerts, places: places).register(on: router)
    PhotoSearchController(looks: cases.looks, photoReader: MultipartPhotoReader(storage: photos), places: places).register(on: router)
    SightingController(service: cases.sightings, announcements: service, photoReader: MultipartPhotoReader(storage: photos), places: places)
        .register(on: router)
    web.register(on: router)
    UserController(accounts: cases.accounts).register(on: router)
    let early = cases.listCache.map { _ in
        envelope.early(route: APIPath.announcements, proxies: configuration.trustedProxies, metrics: cases.metrics, announcements.earlyList)
    }
    return (router, early)
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
