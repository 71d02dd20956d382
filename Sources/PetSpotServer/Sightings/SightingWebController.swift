import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
import PetSpotWeb

/// `/lost-pets/{id}/sighting`: the sighting form, without an account. CSRF in the action's
/// query (the body is multipart), a honeypot, the service's limits; a typed place stands for the point.
struct SightingWebController: Sendable {
    let pages: WebPages
    let service: SightingService
    let photoReader: MultipartPhotoReader
    /// Forms sent without the page's script (no device time zone) are read in this zone.
    static let defaultTimeZone = TimeZone(identifier: "Europe/Warsaw") ?? TimeZone(identifier: "UTC")!

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.sighting()) { request, context in
            let session = pages.session(request)
            let report = try await openReport(context)
            return render(report, values: [:], errors: [], request: request, session: session, status: .ok)
        }
        router.post(.sighting()) { request, context in
            try await add(request, context: context, session: pages.session(request))
        }
    }

    private func openReport(_ context: PetSpotRequestContext) async throws -> Announcement {
        let report = try await service.report(try context.reportID())
        guard report.status == .missing else { throw WebError.notFound }
        guard report.moderation == .visible else { throw ModerationError.underReview }
        return report
    }

    private func render(
        _ report: Announcement, values: [String: String], errors: [FieldError], request: Request, session: WebSession,
        status: HTTPResponse.Status
    ) -> Response {
        let page = SightingPage(
            report, values: values, errors: errors, now: service.now(), timeZone: Self.defaultTimeZone,
            tiles: pages.mapTiles, csrf: session.csrfToken, strings: Strings(session.language))
        return pages.render(page, request: request, session: session, status: status)
    }

    func add(_ request: Request, context: PetSpotRequestContext, session: WebSession) async throws -> Response {
        guard session.acceptsForm(request, token: request.uri.queryParameters["token"].map(String.init)) else { throw WebError.forbidden }
        let report = try await openReport(context)
        var photo: UploadedPhoto?
        var values: [String: String]
        do {
            (photo, values) = try await photoReader.readForm(request)
        } catch let error as APIError {
            let key = error.status == .contentTooLarge ? "photoTooLarge" : "photoWrongType"
            return render(report, values: [:], errors: [FieldError("photo", key)], request: request, session: session, status: .badRequest)
        }
        // A bot fills the hidden field: it is thanked, and nothing is kept.
        guard (values["website"] ?? "").isEmpty else {
            if let photo { service.photos.discard(photo.file) }
            return await pages.details(report, noticeKey: "sightingThanks", request: request, session: session)
        }
        var placeError: [FieldError] = []
        if await pages.places.fillPoint(of: &values, language: session.language.rawValue) == false {
            placeError = [FieldError("place", "placeNotFound")]
        }
        let zone =
            values["tzOffset"].flatMap { Int($0) }.flatMap { abs($0) <= 14 * 60 ? TimeZone(secondsFromGMT: $0 * 60) : nil }
            ?? Self.defaultTimeZone
        do {
            guard placeError.isEmpty else {
                if let photo { service.photos.discard(photo.file) }
                throw SightingProblems(problems: [])
            }
            _ = try await service.add(
                to: report.id, form: SightingPage.form(values), photo: photo, language: session.language.rawValue,
                client: context.clientAddress, timeZone: zone)
        } catch let problems as SightingProblems {
            let errors = placeError + problems.problems.map { FieldError($0.field, $0.problem.rawValue) }
            return render(report, values: values, errors: errors, request: request, session: session, status: .badRequest)
        } catch SightingError.photoWrongType {
            return render(
                report, values: values, errors: [FieldError("photo", "photoWrongType")], request: request, session: session,
                status: .badRequest)
        } catch AccessError.tooMany {
            return render(
                report, values: values, errors: [FieldError("note", "sightingLimited")], request: request, session: session,
                status: .tooManyRequests)
        }
        return await pages.details(report, noticeKey: "sightingThanks", request: request, session: session)
    }
}
