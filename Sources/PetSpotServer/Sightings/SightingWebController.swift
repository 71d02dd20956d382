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
            let session = pages.session(request)
            do {
                return try await add(request, context: context, session: session, queued: true)
            } catch WebError.notMissing {
                // The phone's queue shows the reason beside the kept sighting: the report's, no field's.
                let problems = QueuedSend.Problems(errors: [FieldError("", "sightingClosedBody")], strings: Strings(session.language))
                return JSONResponse.make(problems, status: .conflict)
            }
        }
    }

    private func openReport(_ context: PetSpotRequestContext) async throws -> Announcement {
        let report = try await service.report(try context.reportID())
        guard report.status == .missing else { throw WebError.notMissing }
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
        ReportDate.deviceZone(offset) ?? defaultTimeZone
    }

    /// A place not found or a file that is no image, with every other problem of the form, so all show at once.
    func earlyErrors(_ values: [String: String], placeFound: Bool, photo: UploadedPhoto?, zone: TimeZone) -> [FieldError] {
        var errors = placeFound ? [] : [FieldError("place", "placeNotFound")]
        if let photo, photo.size > 0, ImageType.detect(photo.head) == nil { errors.append(FieldError("photo", "photoWrongType")) }
        guard !errors.isEmpty, case .failure(let problems) = SightingPage.form(values).validate(now: service.now(), timeZone: zone) else {
            return errors
        }
        return errors + Self.webErrors(problems.problems.filter { placeFound || ($0.problem != .locationMissing && $0.problem != .locationInvalid) })
    }

    /// The form's problems at their fields; a missing point is told at the place box.
    static func webErrors(_ problems: [SightingForm.FieldProblem]) -> [FieldError] {
        problems.map { FieldError($0.problem == .locationMissing ? "place" : $0.field == "longitude" ? "latitude" : $0.field, $0.problem.rawValue) }
    }

    /// A sighting from the form, or `queued` from a phone's queue (sent later, so without the form's token,
    /// under its idempotency key, answered in JSON).
    func add(_ request: Request, context: PetSpotRequestContext, session: WebSession, queued: Bool = false) async throws -> Response {
        guard
            queued
                ? WebSession.isSameOrigin(request, signed: false) : session.acceptsForm(request, token: request.uri.queryParameters["token"].map(String.init))
        else { throw WebError.forbidden }
        let report = try await openReport(context)
        // The form again with its errors, or for the phone's queue the errors in JSON.
        func again(_ values: [String: String], _ errors: [FieldError], status: HTTPResponse.Status) -> Response {
            guard queued else { return render(report, values: values, errors: errors, request: request, session: session, status: status) }
            return JSONResponse.make(QueuedSend.Problems(errors: errors, strings: Strings(session.language)), status: status)
        }
        let (photo, readValues): (UploadedPhoto?, [String: String])
        do {
            (photo, readValues) = try await photoReader.readForm(request)
        } catch let error as APIError {
            return again([:], [FieldError("photo", error.photoProblemKey)], status: .badRequest)
        }
        var values = readValues
        // A bot fills the hidden field: it is thanked as a person is, and nothing is kept.
        guard (values["website"] ?? "").isEmpty else {
            if let photo { service.photos.discard(photo.file) }
            return Self.thanks(report, session: session)
        }
        let placeFound = await pages.places.fillPoint(of: &values, language: session.language.rawValue) != false
        let zone = Self.timeZone(values["tzOffset"])
        let early = earlyErrors(values, placeFound: placeFound, photo: photo, zone: zone)
        guard early.isEmpty else {
            if let photo { service.photos.discard(photo.file) }
            return again(values, early, status: .badRequest)
        }
        do {
            let sighting = try await service.add(
                to: report.id, form: SightingPage.form(values), photo: photo, language: session.language.rawValue,
                client: context.clientAddress, timeZone: zone, key: queued ? QueuedSend.key(values) : nil)
            if queued { return JSONResponse.make(QueuedSend.Sent(id: sighting.id, details: WebRoute.details(id: report.id.rawValue).path), status: .created) }
        } catch let problems as SightingProblems {
            return again(values, Self.webErrors(problems.problems), status: .badRequest)
        } catch SightingError.photoWrongType {
            return again(values, [FieldError("photo", "photoWrongType")], status: .badRequest)
        } catch AccessError.tooMany {
            return again(values, [FieldError("note", "sightingLimited")], status: .tooManyRequests)
        }
        return Self.thanks(report, session: session)
    }

    /// To the report's page (a reload there sends nothing again), which thanks the sender.
    static func thanks(_ report: Announcement, session: WebSession) -> Response {
        HTMLResponse.redirect(to: WebRoute.details(id: report.id.rawValue).path + "?notice=sighting", session: session)
    }
}
