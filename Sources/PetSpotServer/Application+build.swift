import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PetSpotAPI
import PetSpotStore
import ServiceLifecycle

/// The one composition root, used by `petspot serve` and by the tests: opens the data folder and its
/// database (migrating it), wires services and controllers, and returns the application.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger = Logger(label: "petspot"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
    let store = try await SQLiteStore.open(path: configuration.dataDirectory.appendingPathComponent("petspot.sqlite").path, logger: logger)
    let photos = try PhotoStorage(dataDirectory: configuration.dataDirectory)
    let lockout = LockoutPolicy(store: store)
    let service = AnnouncementService(store: store, photos: photos, lockout: lockout)
    if configuration.loadDemoData { try await DemoData.load(into: service, store: store) }
    let signer = JWTSigner(secret: try SecretFile.secret(configured: configuration.jwtSecret, in: configuration.dataDirectory))

    let router = Router(context: PetSpotRequestContext.self, options: .autoGenerateHeadEndpoints)
    let web = try await WebApp(service: service, drafts: store, photos: photos, dataDirectory: configuration.dataDirectory)
    router.add(middleware: RequestEnvelopeMiddleware(logger: logger, htmlNotFound: web.notFound))
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
                           adminToken: configuration.adminToken).register(on: router)
    web.register(on: router)
    UserController(users: store, hasher: PasswordHasher(), signer: signer, lockout: lockout).register(on: router)

    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "PetSpot"),
        services: [StorageService(store: store)],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// Closes the database when the server shuts down.
struct StorageService: Service {
    let store: any PetSpotStorage

    func run() async throws {
        try? await gracefulShutdown()
        try await store.close()
    }
}
