import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
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
        router.post(.sightingSend()) { request, context in
            try await add(request, context: context, session: pages.session(request), queued: true)
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

    /// The device's time zone the page's script sent (minutes from UTC), or the default one.
    static func timeZone(_ offset: String?) -> TimeZone {
        offset.flatMap { Int($0) }.flatMap { abs($0) <= 14 * 60 ? TimeZone(secondsFromGMT: $0 * 60) : nil } ?? defaultTimeZone
    }

    /// The form again with its errors, or for the phone's queue the errors in JSON.
    private func answer(
        _ report: Announcement, values: [String: String], errors: [FieldError], request: Request, session: WebSession,
        status: HTTPResponse.Status, queued: Bool
    ) -> Response {
        guard queued else { return render(report, values: values, errors: errors, request: request, session: session, status: status) }
        return JSONResponse.make(ReportFlowController.Problems(errors: errors, strings: Strings(session.language)), status: status)
    }

    /// A sighting from the form, or `queued` from a phone's queue (sent later, so without the form's token,
    /// under its idempotency key, answered in JSON).
    func add(_ request: Request, context: PetSpotRequestContext, session: WebSession, queued: Bool = false) async throws -> Response {
        guard queued ? WebSession.isSameOrigin(request) : session.acceptsForm(request, token: request.uri.queryParameters["token"].map(String.init))
        else { throw WebError.forbidden }
        let report = try await openReport(context)
        func render(_ report: Announcement, values: [String: String], errors: [FieldError], request: Request, session: WebSession, status: HTTPResponse.Status)
            -> Response
        { answer(report, values: values, errors: errors, request: request, session: session, status: status, queued: queued) }
        let (photo, readValues): (UploadedPhoto?, [String: String])
        do {
            (photo, readValues) = try await photoReader.readForm(request)
        } catch let error as APIError {
            let key = error.status == .contentTooLarge ? "photoTooLarge" : "photoWrongType"
            return render(report, values: [:], errors: [FieldError("photo", key)], request: request, session: session, status: .badRequest)
        }
        var values = readValues
        // A bot fills the hidden field: it is thanked, and nothing is kept.
        guard (values["website"] ?? "").isEmpty else {
            if let photo { service.photos.discard(photo.file) }
            return await pages.details(report, noticeKey: "sightingThanks", request: request, session: session)
        }
        var placeError: [FieldError] = []
        if await pages.places.fillPoint(of: &values, language: session.language.rawValue) == false {
            placeError = [FieldError("place", "placeNotFound")]
        }
        let zone = Self.timeZone(values["tzOffset"])
        do {
            guard placeError.isEmpty else {
                if let photo { service.photos.discard(photo.file) }
                throw SightingProblems(problems: [])
            }
            let key = queued ? values["idempotencyKey"].flatMap { $0.isEmpty ? nil : String($0.prefix(255)) } : nil
            let sighting = try await service.add(
                to: report.id, form: SightingPage.form(values), photo: photo, language: session.language.rawValue,
                client: context.clientAddress, timeZone: zone, key: key)
            if queued { return JSONResponse.make(Sent(id: sighting.id, details: WebRoute.details(id: report.id.rawValue).path), status: .created) }
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

extension SightingWebController {
    /// What the phone's queue is told of a sighting that arrived.
    struct Sent: OrderedJSON {
        let id: String
        let details: String
        func write(into buffer: inout ByteBuffer) { Self.object([("id", Self.text(id)), ("details", Self.text(details))], into: &buffer) }
    }
}
