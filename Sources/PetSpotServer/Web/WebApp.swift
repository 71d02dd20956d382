import Foundation
import Hummingbird
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The web front end: its templates, its controllers and their shared parts, wired once at start.
struct WebApp: Sendable {
    let pages: WebPages
    let browse: BrowseController
    let manage: ManageController
    let flows: ReportFlowController
    let leaflet: LeafletAssets
    let relay: RelayController
    let sightings: SightingWebController
    let alerts: AlertWebController
    let checkIns: CheckInController
    let flags: FlagWebController
    let console: ConsoleController
    let myReports: MyReportsController
    let plans: PlanController
    let photoSearch: PhotoSearchWebController

    init(
        service: AnnouncementService, sightings sightingService: SightingService, drafts: any DraftStore, photos: PhotoStorage, dataDirectory: URL,
        sessionKeys: WebSessionKeys, places: PlaceDirectory, map: MapSettings, baseURL: String, alerts: AlertService, checkIns: CheckInService,
        contactQuota: ContactQuota, moderation: ModerationService, operators: OperatorAuth,
        myReports: MyReportsService, plans: SearchPlanService, looks: LooksService
    ) async throws {
        var pages = WebPages(renderer: try await PageRenderer(), sessionKeys: sessionKeys)
        pages.places = places
        pages.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        leaflet = LeafletAssets(directory: map.leafletDirectory)
        if let tiles = map.tilesURL, leaflet.isComplete {
            pages.mapTiles = MapTiles(url: tiles, attribution: map.attribution)
            pages.contentSecurityPolicy = HTMLResponse.contentSecurityPolicy(imageOrigin: map.tileOrigin)
        }
        pages.sightings = sightingService
        pages.contactQuota = contactQuota
        pages.now = plans.now
        self.pages = pages
        browse = BrowseController(pages: pages, service: service, assets: StaticAssets(), places: places, photoSearchOn: looks.isOn)
        relay = RelayController(pages: pages, service: service, moderation: moderation)
        flags = FlagWebController(pages: pages, service: moderation, announcements: service)
        console = ConsoleController(pages: pages, service: moderation, auth: operators)
        self.myReports = MyReportsController(pages: pages, service: myReports)
        let photoReader = MultipartPhotoReader(storage: photos)
        manage = ManageController(
            pages: pages, service: service, photoReader: photoReader, sightings: sightingService, checkIns: checkIns,
            plans: plans)
        self.plans = PlanController(pages: pages, service: plans)
        sightings = SightingWebController(pages: pages, service: sightingService, photoReader: photoReader)
        photoSearch = PhotoSearchWebController(pages: pages, looks: looks, photoReader: photoReader)
        self.alerts = AlertWebController(pages: pages, service: alerts)
        self.checkIns = CheckInController(pages: pages, service: checkIns)
        let keeper = DraftKeeper(service: try DraftService(store: drafts, objects: photos.objects, dataDirectory: dataDirectory))
        flows = ReportFlowController(
            pages: pages, drafts: keeper,
            submission: DraftSubmission(service: service, photos: photos, drafts: keeper, looksOn: looks.isOn),
            photoReader: photoReader)
    }

    func register(on router: Router<PetSpotRequestContext>) {
        leaflet.register(on: router, notFound: notFound)
        // Every page route is in this group: what its handler throws becomes an HTML error page here.
        let web = router.group().add(middleware: WebErrorMiddleware(pages: pages))
        browse.register(on: web)
        relay.register(on: web)
        sightings.register(on: web)
        alerts.register(on: web)
        checkIns.register(on: web)
        flags.register(on: web)
        console.register(on: web)
        myReports.register(on: web)
        plans.register(on: web)
        photoSearch.register(on: web)
        manage.register(on: web)
        flows.register(on: web)
    }

    /// The HTML 404 page, for the envelope middleware to use outside `/api` and `/images`.
    var notFound: @Sendable (Request) -> Response {
        let pages = pages
        return { pages.notFound($0) }
    }
}

extension RouterMethods {
    /// Routes a page of the route table at its `WebRoute.pattern`.
    @discardableResult
    func get(_ route: WebRoute, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self {
        get(RouterPath(route.pattern), use: handler)
    }

    @discardableResult
    func post(_ route: WebRoute, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self {
        post(RouterPath(route.pattern), use: handler)
    }
}
