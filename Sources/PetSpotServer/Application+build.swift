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
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
    let storage = try await StorageSelection.open(configuration, logger: logger)
    let store = storage.store
    let photos = try PhotoStorage(dataDirectory: configuration.dataDirectory)
    let lockout = LockoutPolicy(store: store)
    let notifier = ReportNotifier(store: store, baseURL: configuration.linkBaseURL)
    let service = AnnouncementService(store: store, photos: photos, lockout: lockout, notifier: notifier)
    let delivery: any MailDelivery = try configuration.smtp.map { SMTPClient(settings: $0) }
        ?? MailboxDelivery(dataDirectory: configuration.dataDirectory)
    let outboxReady = Doorbell()
    let outbox = OutboxWorker(store: store, delivery: delivery, notifier: notifier, sender: configuration.mailFrom,
                              doorbell: notifier.doorbell, ready: outboxReady, logger: logger, now: Date.init)
    let signer = JWTSigner(secret: try SecretFile.secret(configured: configuration.jwtSecret, in: configuration.dataDirectory))

    let router = Router(context: PetSpotRequestContext.self, options: .autoGenerateHeadEndpoints)
    let web = try await WebApp(service: service, drafts: store, photos: photos, dataDirectory: configuration.dataDirectory)
    router.add(middleware: RequestEnvelopeMiddleware(logger: logger, htmlNotFound: web.notFound))
    let listCache = configuration.listCacheSeconds > 0 ? ListResponseCache(lifetime: .seconds(configuration.listCacheSeconds)) : nil
    if let listCache { router.add(middleware: ListCacheInvalidation(cache: listCache)) }
    router.add(middleware: CORSMiddleware(
        allowOrigin: .all, allowHeaders: [.accept, .authorization, .contentType, .origin],
        allowMethods: [.get, .head, .put, .patch, .post, .delete]))
    router.add(middleware: FileMiddleware(photos.imagesDirectory.path, urlBasePath: APIPath.images,
                                          cacheControl: .init([(MediaType(type: .image), [.public, .maxAge(3600)])]),
                                          logger: logger)
        .withAdditionalMediaTypes(forFileExtensions: ["heic": MediaType(type: .image, subType: "heic"),
                                                      "heif": MediaType(type: .image, subType: "heif")]))
    SystemController().register(on: router)
    AnnouncementController(service: service, photoReader: MultipartPhotoReader(storage: photos),
                           adminToken: configuration.adminToken, listCache: listCache).register(on: router)
    web.register(on: router)
    UserController(users: store, hasher: PasswordHasher(), signer: signer, lockout: lockout).register(on: router)

    var app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "PetSpot"),
        services: storage.services + [StorageService(store: store), outbox],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
    let loadDemoData = configuration.loadDemoData
    app.beforeServerStarts {
        try await storage.prepare()
        if loadDemoData { try await DemoData.load(into: service, store: store) }
        outboxReady.ring()
    }
    return app
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
