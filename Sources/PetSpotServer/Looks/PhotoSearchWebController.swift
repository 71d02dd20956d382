import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotLooks
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// `/photo-search`: search by photo on the web, with or without JavaScript. CSRF in the action's query (the
/// body is multipart); the place is typed (the gazetteer finds it); the photo is compared and deleted.
struct PhotoSearchWebController: Sendable {
    let pages: WebPages
    let looks: LooksService
    let photoReader: MultipartPhotoReader

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.photoSearch) { request, _ in
            render(values: [:], errors: [], found: nil, request: request, session: pages.session(request))
        }
        router.post(.photoSearch) { request, context in
            try await search(request, client: context.clientAddress, session: pages.session(request))
        }
    }

    private func render(
        values: [String: String], errors: [TextKey], found: [PhotoSearchPage.Found]?, request: Request, session: WebSession,
        status: HTTPResponse.Status = .ok, retryAfter: String? = nil
    ) -> Response {
        let page = PhotoSearchPage(
            isOn: looks.isOn, csrf: session.csrfToken, values: values, errorKeys: errors, found: found,
            strings: Strings(session.language))
        var response = pages.render(page, request: request, session: session, status: looks.isOn ? status : .serviceUnavailable)
        if let retryAfter { response.headers[.retryAfter] = retryAfter }
        return response
    }

    private func search(_ request: Request, client: String, session: WebSession) async throws -> Response {
        guard session.acceptsForm(request, token: request.uri.queryParameters["token"].map(String.init)) else { throw WebError.forbidden }
        guard looks.isOn else { return render(values: [:], errors: [], found: nil, request: request, session: session) }
        let form: (photo: UploadedPhoto?, fields: [String: String])
        do {
            form = try await photoReader.readForm(request)
        } catch let error as APIError {
            // Too many bytes or pixels say so; anything else is a photo that could not be read.
            let key = error.status == .contentTooLarge ? TextKey(rawValue: error.photoProblemKey) : nil
            return render(
                values: [:], errors: [key ?? .photoSearchPhotoUnreadable], found: nil, request: request, session: session, status: error.status)
        }
        var values = form.fields
        guard let upload = form.photo else {
            return render(values: values, errors: [.photoSearchPhotoMissing], found: nil, request: request, session: session, status: .badRequest)
        }
        defer { photoReader.storage.discard(upload.file) }
        if await pages.places.fillPoint(of: &values, language: session.language.rawValue) == false {
            return render(values: values, errors: [.photoSearchPlaceMissing], found: nil, request: request, session: session, status: .badRequest)
        }
        let center = Double(values["latitude"] ?? "").flatMap { lat in Double(values["longitude"] ?? "").map { Coordinate(latitude: lat, longitude: $0) } }
        let radius = min(100, max(1, Double(values["range"] ?? "") ?? 10))
        let found: [LookAlike]
        do {
            found = try await looks.search(
                photo: upload.file,
                in: AnnouncementQuery(nearby: center.map { .init(center: $0, radiusKm: radius) }, statuses: [values["status"] == "FOUND" ? .found : .missing]),
                limit: 20, client: client)
        } catch is LooksBusy {
            return render(
                values: values, errors: [.photoSearchBusy], found: nil, request: request, session: session, status: .serviceUnavailable,
                retryAfter: RequestDeadlineMiddleware.unavailable.headers[.retryAfter])
        } catch AccessError.tooMany(_, let retryAfter) {
            return render(
                values: values, errors: [.photoSearchTooMany], found: nil, request: request, session: session, status: .tooManyRequests,
                retryAfter: String(retryAfter))
        } catch is LooksError {
            return render(values: values, errors: [.photoSearchPhotoUnreadable], found: nil, request: request, session: session, status: .badRequest)
        }
        let shown = found.map { $0.report.withContactWithheld.inPublicArea }
        let labels = await pages.places.labels(for: shown)
        let cards = zip(zip(shown, labels), found).map { shownAndLabel, alike in
            let (report, label) = shownAndLabel
            return PhotoSearchPage.Found(
                report: report, place: label, likeness: Likeness(cosine: alike.likeness),
                distanceKm: center.map { PublicArea.distanceKm(from: $0, toReportAt: report.location) })
        }
        return render(values: values, errors: [], found: cards, request: request, session: session)
    }
}
