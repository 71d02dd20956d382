import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotQR
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// Landing, list, details, language switch and the static assets.
struct BrowseController: Sendable {
    static let pageSize = 24
    let pages: WebPages
    let service: AnnouncementService
    let assets: StaticAssets
    let places: PlaceDirectory
    /// Whether search by photo is on, so the home page offers it.
    let photoSearchOn: Bool

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        registerAppShell(on: router)
        router.get(.home) { request, _ in try await home(request, pages.session(request)) }
        router.get(.lostPets()) { request, _ in try await list(request, pages.session(request)) }
        router.get(.details()) { request, context in try await details(request, context) }
        router.get(.flyer()) { request, context in
            try await flyer(
                try context.reportID(), client: context.clientAddress, request: request,
                session: pages.session(request))
        }
        router.get(.short()) { request, context in
            let session = pages.session(request)
            // The flyers' short link: exactly one report starts with it.
            let short = try context.path("short")
            guard short.count == 8, short.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
                throw WebError.notFound
            }
            let ids = try await service.ids(startingWith: short)
            guard ids.count == 1 else { throw WebError.notFound }
            return HTMLResponse.redirect(to: .details(id: ids[0].rawValue), session: session)
        }
        router.get(.language()) { request, _ in
            var session = pages.session(request)
            let query = request.uri.queryParameters
            if let language = query["lang"].flatMap({ Language(rawValue: String($0)) }) { session.remember(language) }
            return HTMLResponse.redirect(to: WebRoute.safeBackPath(query["back"].map(String.init)), session: session)
        }
        router.get(.foundPets) { request, _ in
            HTMLResponse.redirect(to: .lostPets(filter: ListFilter(status: "FOUND")), session: pages.session(request))
        }
        router.get(.help) { request, _ in
            let session = pages.session(request)
            return pages.render(HelpPage(strings: Strings(session.language)), request: request, session: session)
        }
        router.get(.account) { request, _ in HTMLResponse.redirect(to: .myReports, session: pages.session(request)) }
        router.get(.favicon) { request, _ in
            guard let response = assets.response("favicon.svg", request: request) else { return pages.notFound(request) }
            return response
        }
        router.get(.asset()) { request, context in
            guard let response = assets.response(try context.path("name"), request: request) else { return pages.notFound(request) }
            return response
        }
    }

    /// A report's page; a duplicate's leads to the report it repeats, a held or hidden one says it is under review.
    func details(_ request: Request, _ context: PetSpotRequestContext) async throws -> Response {
        let session = pages.session(request)
        let report = try await service.find(try context.reportID())
        if report.moderation == .duplicate, let original = report.duplicateOf {
            return HTMLResponse.redirect(to: .details(id: original.rawValue), session: session)
        }
        guard report.moderation == .visible else { throw ModerationError.underReview }
        // `?notice=sighting`: where a sighting from the form lands (only this notice; no text is taken from the query).
        let notice = request.uri.queryParameters["notice"] == "sighting" ? "sightingThanks" : nil
        return await pages.details(
            report, filedAs: await service.filedKind(of: report), noticeKey: notice, client: context.clientAddress, request: request,
            session: session)
    }

    func home(_ request: Request, _ session: WebSession) async throws -> Response {
        let recent = try await service.list(AnnouncementQuery(limit: 5, confirmedSince: CheckInService.listedSince(Date())))
        let page = HomePage(
            recent: recent, labels: await places.labels(for: recent), photoSearchOn: photoSearchOn, strings: Strings(session.language))
        return pages.render(page, request: request, session: session)
    }

    /// The printable flyer, its QR code pointing at the live report page. Its phone counts toward the
    /// client's hourly contact quota like a report page's; past it the flyer prints none.
    func flyer(_ id: AnnouncementID, client: String, request: Request, session: WebSession) async throws -> Response {
        var report = try await service.findPublic(id)
        if let quota = pages.contactQuota, !(await quota.allows([report], client: client)) { report = report.withContactWithheld }
        let live = pages.baseURL + WebRoute.details(id: id.rawValue).path
        let short = pages.baseURL + WebRoute.short(id: id.rawValue).path
        let strings = Strings(session.language)
        let qr = (try? QRCode(text: live).svg(title: strings[.flyerScan] + " " + live)) ?? ""
        let page = FlyerPage(
            report, filedAs: await service.filedKind(of: report), place: await places.publicLabel(for: report.location), qrSVG: qr,
            shortLink: short.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: ""),
            strings: strings)
        return pages.render(page, request: request, session: session)
    }

    func list(_ request: Request, _ session: WebSession) async throws -> Response {
        // A GET form: `+` stands for a space ("Warsaw,+PL"), which `queryParameters` leaves as it is.
        let query = FormBody.query(request)
        let filter = ListFilter { query[$0] }
        let strings = Strings(session.language)
        var errors: [FieldError] = []
        var center: (point: Coordinate, name: String)?
        var alternatives: [(label: String, value: String)] = []
        let radius = filter.radius.isEmpty ? 5 : ReportForm.number(filter.radius) ?? -1
        if !(1...500).contains(radius) { errors.append(FieldError("radius", "radiusInvalid")) }
        if !filter.latitude.isEmpty || !filter.longitude.isEmpty {
            errors += StepValidation.coordinateErrors(
                filter.latitude.trimmingCharacters(in: .whitespaces),
                filter.longitude.trimmingCharacters(in: .whitespaces))
            if errors.isEmpty, let lat = ReportForm.number(filter.latitude), let lng = ReportForm.number(filter.longitude) {
                let point = Coordinate(latitude: lat, longitude: lng)
                let name = filter.place.isEmpty ? await places.label(for: point)?.name(in: strings.language.rawValue) : filter.place
                center = (point, name ?? ReportText.coordinates(point, strings))
            }
        } else if !filter.place.isEmpty {
            let matches = await places.resolve(filter.place, language: session.language.rawValue)
            if let best = matches.first {
                center = (best.place.coordinate, TypedPlace.value(for: best, among: matches, language: strings.language.rawValue))
                alternatives = matches.dropFirst().map { match in
                    let value = TypedPlace.value(for: match, among: matches, language: strings.language.rawValue)
                    return (value, value)
                }
            } else {
                errors.append(FieldError("place", "placeNotFound"))
            }
        }
        let search = Self.query(filter, near: center.map { .init(center: $0.point, radiusKm: radius) })
        let after = query["after"]
        var found: [Announcement] = [], next: String?
        if errors.isEmpty {
            let page = try await service.page(search, size: Self.pageSize, after: after.flatMap(ListCursor.decode))
            (found, next) = (page.reports, page.next)
        }
        let page = ListPage(
            reports: found, labels: await places.labels(for: found), center: center, alternatives: alternatives,
            filter: filter, errors: errors, nextCursor: next, isFirstPage: after == nil,
            attribution: filter.hasPlace ? strings[.placeAttribution] : nil, strings: strings)
        return pages.render(page, request: request, session: session, status: errors.isEmpty ? .ok : .badRequest)
    }
}

/// The static files (`StaticFiles`) as answers: a request naming the current version (`?v=`, as every
/// page links them) may be cached for a year; gzip forms are made once at start.
struct StaticAssets: Sendable {
    let gzipped: [String: ByteBuffer]

    init() {
        gzipped = StaticFiles.all.compactMapValues { file in
            file.contentType.hasPrefix("text/") || file.contentType == "image/svg+xml" ? Compression.gzip(ByteBuffer(bytes: file.data)) : nil
        }
    }

    func response(_ name: String, request: Request) -> Response? {
        guard let file = StaticFiles.all[name] else { return nil }
        let current = request.uri.queryParameters["v"].map(String.init) == file.version
        var headers: HTTPFields = [
            .contentType: file.contentType, .vary: "Accept-Encoding",
            .cacheControl: current ? "public, max-age=31536000, immutable" : "public, max-age=300",
        ]
        var body = ByteBuffer(bytes: file.data)
        if let compressed = gzipped[name], Compression.acceptsGzip(request) {
            body = compressed
            headers[.contentEncoding] = "gzip"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

extension BrowseController {
    /// The list's query for `filter`: its area, status, species, words and days.
    static func query(_ filter: ListFilter, near area: AnnouncementQuery.Nearby?) -> AnnouncementQuery {
        var search = AnnouncementQuery()
        search.nearby = area
        if let status = AnnouncementStatus(rawValue: filter.status), status != .closed { search.statuses = [status] }
        if let species = AnimalSpecies(rawValue: filter.species) { search.species = [species] }
        (search.search, search.searchByNewest) = (SearchText(filter.text), filter.sort == "newest")
        if let days = Int(filter.since), [7, 30, 90].contains(days) {
            search.lastSeenSince = ReportDate.adding(-days, to: ReportDate.latestToday()).text
        }
        return search
    }
}
