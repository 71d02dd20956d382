import Foundation
import Logging
import PetSpotStore
import ServiceLifecycle

/// Every use case of one server, built once from the configuration, the store and the photos: the only
/// place besides the backends that holds the whole store. The adapters (API, web, console) and the
/// background jobs are given the use cases they call, never the store.
struct UseCases: Sendable {
    let photos: PhotoStorage
    let places: PlaceDirectory
    let metrics: ServerMetrics
    let secret: String
    let announcements: AnnouncementService
    let sightings: SightingService
    let alerts: AlertService
    let checkIns: CheckInService
    let moderation: ModerationService
    let myReports: MyReportsService
    let plans: SearchPlanService
    let operators: OperatorAuth
    let accounts: AccountService
    let contactQuota: ContactQuota
    let listCache: ListResponseCache?
    let status: SystemStatus
    let looks: LooksService
    private let outbox: OutboxWorker
    /// Rung once the database is migrated; each background job waits for its own.
    private let doorbells = (
        outbox: Doorbell(), sweep: Doorbell(), checkIns: Doorbell(), search: Doorbell(), plans: Doorbell(), looks: Doorbell()
    )

    init(_ configuration: ServerConfiguration, store: any PetSpotStorage, photos: PhotoStorage, logger: Logger) throws {
        self.photos = photos
        metrics = ServerMetrics()
        let lockout = LockoutPolicy(store: store, onRefusal: metrics.lockout)
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: configuration.linkBaseURL, lockout: lockout)
        secret = try SecretFile.secret(configured: configuration.jwtSecret, in: configuration.dataDirectory)
        let tokens = KeyedTokens(secret: secret), now = configuration.now, history = ClientHistory(store: store, tokens: tokens)
        PlaceDirectory.preload()
        places = PlaceDirectory(geocoder: configuration.geocoderURL.map { NominatimGeocoder(baseURL: $0) })
        var announcements = AnnouncementService(
            store: store, photos: photos, hasher: configuration.passwordHasher, lockout: lockout, notifier: notifier)
        announcements.reportRule.limit = configuration.reportLimit
        (announcements.places, announcements.history, announcements.tokens) = (places, history, tokens)
        looks = LooksService(store: store, photos: photos, notifier: notifier, files: configuration.looksFiles, lockout: lockout, logger: logger)
        announcements.scansAfterLook = looks.isOn
        self.announcements = announcements
        var sightings = SightingService(store: store, photos: photos, lockout: lockout, notifier: notifier, now: now)
        sightings.history = history
        self.sightings = sightings
        alerts = AlertService(store: store, notifier: notifier, tokens: tokens, lockout: lockout, dailyCap: configuration.alertDailyCap, now: now)
        checkIns = CheckInService(
            store: store, announcements: announcements, notifier: notifier, tokens: tokens,
            first: configuration.checkInDays.first * 86_400, every: configuration.checkInDays.every * 86_400, now: now)
        var moderation = ModerationService(
            store: store, announcements: announcements, lockout: lockout, metrics: metrics, tokens: tokens,
            threshold: configuration.flagThreshold, now: now)
        moderation.holdMinimumAge = TimeInterval(configuration.flagHoldAfterMinutes * 60)
        moderation.history = history
        self.moderation = moderation
        myReports = MyReportsService(store: store, announcements: announcements, alerts: alerts, tokens: tokens, lockout: lockout, now: now)
        plans = SearchPlanService(store: store, notifier: notifier, tokens: tokens, now: now)
        var operators = OperatorAuth(
            store: store, lockout: lockout, hasher: configuration.passwordHasher, secret: secret,
            secureCookies: configuration.isSecure)
        operators.guessAlerts = configuration.operatorAlertEmail.map { ($0, notifier) }
        self.operators = operators
        accounts = AccountService(
            users: store, hasher: configuration.passwordHasher, signer: JWTSigner(secret: secret), lockout: lockout,
            now: Date.init)
        // One per server: the API's answers and the pages spend the same leased budget.
        contactQuota = ContactQuota(store: store, limit: configuration.contactLimit)
        listCache =
            configuration.listCacheSeconds > 0
            ? ListResponseCache(lifetime: .seconds(configuration.listCacheSeconds), changeStamp: { try await store.listChangeStamp() }) : nil
        status = SystemStatus(store: store, ping: { try await store.ping() }, looks: looks.status)
        outbox = try Self.outbox(
            configuration, store: store, temporaryDirectory: photos.temporaryDirectory, notifier: notifier, alerts: alerts, myReports: myReports,
            ready: doorbells.outbox, logger: logger)
    }

    /// The mail job, delivering by SMTP when configured and to the data folder's mailbox otherwise.
    private static func outbox(
        _ configuration: ServerConfiguration, store: any PetSpotStorage, temporaryDirectory: URL, notifier: ReportNotifier,
        alerts: AlertService, myReports: MyReportsService, ready: Doorbell, logger: Logger
    ) throws -> OutboxWorker {
        let delivery: any MailDelivery =
            try configuration.smtp.map { SMTPClient(settings: $0) }
            ?? MailboxDelivery(dataDirectory: configuration.dataDirectory, temporaryDirectory: temporaryDirectory)
        var outbox = OutboxWorker(
            store: store, delivery: delivery, notifier: notifier, alerts: alerts, sender: configuration.mailFrom,
            doorbell: notifier.doorbell, ready: ready, logger: logger, now: configuration.now)
        outbox.myReports = myReports
        outbox.lease = configuration.outboxLease
        return outbox
    }

    /// The background jobs: the outbox, the photo sweep, the search index's backfill, the alert sweeper,
    /// the check-ins and the search plans, each counting its work in the metrics; none when paused. Each
    /// waits for `ready()`.
    func jobs(_ configuration: ServerConfiguration, logger: Logger) -> [any Service] {
        guard !configuration.jobsPaused else {
            logger.notice("Background jobs are paused (--jobs paused): e-mail waits in the outbox, nothing is scheduled")
            return []
        }
        var periodic = [
            PeriodicJob.searchBackfill(service: announcements, logger: logger, ready: doorbells.search),
            PeriodicJob.alertSweeper(alerts: alerts, moderation: moderation, logger: logger, ready: doorbells.sweep),
            PeriodicJob.checkInScheduler(service: checkIns, logger: logger, ready: doorbells.checkIns, interval: configuration.checkInPoll),
            PeriodicJob.searchPlans(service: plans, logger: logger, ready: doorbells.plans, interval: configuration.checkInPoll),
        ]
        if looks.isOn { periodic.append(PeriodicJob.looks(service: looks, logger: logger, ready: doorbells.looks)) }
        let metrics = self.metrics
        for index in periodic.indices {
            let name = periodic[index].name
            periodic[index].onWork = { metrics.backgroundWork(name, items: $0) }
        }
        var outbox = self.outbox
        outbox.onWork = { metrics.backgroundWork("outbox", items: $0) }
        return [outbox, PhotoSweeper(service: announcements, logger: logger)] + periodic
    }

    /// The database is migrated: the jobs may start.
    func ready() {
        for doorbell in [doorbells.outbox, doorbells.sweep, doorbells.checkIns, doorbells.search, doorbells.plans, doorbells.looks] {
            doorbell.ring()
        }
    }
}
