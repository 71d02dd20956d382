import Foundation
import HTTPTypes
import Hummingbird
import PetSpotDomain
import PetSpotStore
import PetSpotWeb

/// Shared by the web controllers: rendering with the session's language, and error pages.
struct WebPages: Sendable {
    let renderer: PageRenderer
    let sessionKeys: WebSessionKeys
    /// The maps' tiles, when maps are on and Leaflet is there.
    var mapTiles: MapTiles? = nil
    var places = PlaceDirectory()
    /// The public address (`--public-url`), for absolute links: share previews, flyers' QR codes.
    var baseURL = "http://127.0.0.1:3000"
    /// The pages' Content-Security-Policy (images may come from the tile server).
    var contentSecurityPolicy = HTMLResponse.contentSecurityPolicy
    /// A report's sightings, for its page's timeline.
    var sightings: SightingService?
    /// How many public contacts a client is handed an hour (the report pages count too).
    var contactQuota: ContactQuota?
    /// The server's clock (the plans' day count).
    var now: @Sendable () -> Date = Date.init

    func session(_ request: Request) -> WebSession { WebSession(request, keys: sessionKeys) }

    func render(_ page: some WebPage, request: Request, session: WebSession, status: HTTPResponse.Status = .ok) -> Response {
        let chrome = PageChrome(language: session.language, currentPath: request.uri.description)
        return HTMLResponse.page(
            renderer.render(page, chrome: chrome), status: status, session: session,
            gzip: Compression.acceptsGzip(request), policy: contentSecurityPolicy)
    }

    /// A report's public page (its place named, its area on the map), with `noticeKey`'s message on top.
    /// A page shown to `client` counts toward its hourly contact quota.
    func details(
        _ report: Announcement, filedAs: AnnouncementStatus? = nil, noticeKey: String? = nil, client: String? = nil, request: Request,
        session: WebSession
    ) async -> Response {
        let strings = Strings(session.language)
        var withheld = false
        if let client, let contactQuota { withheld = !(await contactQuota.allows([report], client: client)) }
        let found = (try? await sightings?.visible(of: report.id)) ?? []
        var labels: [PlaceLabel?] = []
        for sighting in found { labels.append(await places.publicLabel(for: sighting.location)) }
        let page = DetailsPage(
            report, filedAs: filedAs, strings: strings, notice: noticeKey.map { strings.text($0) },
            place: await places.publicLabel(for: report.location), tiles: mapTiles, baseURL: baseURL,
            sightings: SightingItem.timeline(found, places: labels, strings: strings), contactsWithheld: withheld,
            whereToLook: await whereToLook(report, strings: strings))
        return render(page, request: request, session: session)
    }

    /// A missing report's likely area today and its searched areas; nil for others, or when
    /// the database cannot say (the page shows without it).
    func whereToLook(_ report: Announcement, strings: Strings) async -> WhereToLook? {
        guard report.status == .missing, let (answers, areas) = try? await sightings?.whereToLook(of: report.id) else { return nil }
        var labels: [PlaceLabel?] = []
        for area in areas { labels.append(await places.label(for: area.center)) }
        return WhereToLook(report, answers: answers, searched: areas, labels: labels, today: ReportDate(utc: now()), strings: strings)
    }

    func message(
        _ titleKey: TextKey, _ bodyKey: TextKey, about reportID: String? = nil, status: HTTPResponse.Status, request: Request, session: WebSession
    ) -> Response {
        render(
            MessagePage(titleKey: titleKey, bodyKey: bodyKey, reportID: reportID, strings: Strings(session.language)),
            request: request, session: session, status: status)
    }

    /// The HTML 404 page for paths no route knows.
    func notFound(_ request: Request) -> Response {
        message(.notFoundTitle, .notFoundBody, status: .notFound, request: request, session: session(request))
    }

    /// Reads a url-encoded form and checks its CSRF token.
    static func form(_ request: Request, session: WebSession) async throws -> [String: String] {
        let form = try await FormBody.read(request)
        guard session.acceptsForm(request, token: form["_csrf"]) else { throw WebError.forbidden }
        return form
    }
}
