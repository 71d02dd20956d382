import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The one-page form of a flow, kept on the phone by the service worker, and where its reports arrive:
/// at once, or later from the phone's queue under the idempotency key the queue gave them, so a report
/// sent twice is filed once. The steps' own rules check it, all at once, and it is filed as a finished
/// draft is. The queue's script asks for JSON; a plain form gets the outcome page.
extension ReportFlowController {
    /// What the queue is told: the new report and where to see and manage it.
    struct Sent: OrderedJSON {
        let report: SubmittedReport
        func write(into buffer: inout ByteBuffer) {
            Self.object(
                [
                    ("id", Self.text(report.id)), ("managementCode", Self.text(report.managementCode)),
                    ("details", Self.text(WebRoute.details(id: report.id).path)), ("manage", Self.text(WebRoute.manage(id: report.id).path)),
                ], into: &buffer)
        }
    }

    /// A place typed and not found: its own message replaces the coordinates' "fill in" ones (a step's
    /// rule, and the one-page form's).
    static func placeFirst(_ errors: [FieldError], placeFound: Bool) -> [FieldError] {
        guard !placeFound else { return errors }
        return [FieldError(ReportForm.Field.place.rawValue, "placeNotFound")] + errors.filter { !["latitude", "longitude"].contains($0.field) }
    }

    func offlinePage(_ flow: ReportFlow, request: Request, session: WebSession) -> Response {
        pages.render(OfflineReportPage(flow: flow, strings: Strings(session.language)), request: request, session: session)
    }

    func send(_ flow: ReportFlow, request: Request, client: String, session: WebSession) async throws -> Response {
        // No form token: a queued report may be sent days later, after the browser forgot its session.
        guard WebSession.isSameOrigin(request, signed: false) else { throw WebError.forbidden }
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        let (upload, fields) = try await photoReader.readForm(request)
        defer { if let upload { try? FileManager.default.removeItem(at: upload.file) } }
        let (draft, type, errors) = await checked(flow, fields: fields, photo: upload, language: session.language)
        guard errors.isEmpty, let upload, let type else {
            if wantsJSON { return JSONResponse.make(QueuedSend.Problems(errors: errors, strings: Strings(session.language)), status: .badRequest) }
            let page = OfflineReportPage(flow: flow, draft: draft, errors: errors, strings: Strings(session.language))
            return pages.render(page, request: request, session: session, status: .badRequest)
        }
        let key = fields["idempotencyKey"].flatMap { $0.isEmpty ? nil : $0 }
        let report = try await submission.submit(
            draft.form, photo: upload, type: type, language: session.language, client: client, key: key)
        if wantsJSON { return JSONResponse.make(Sent(report: report), status: .created) }
        let page = CreatedPage(
            flow: flow, report: report, csrf: session.csrfToken, strings: Strings(session.language),
            matches: await submission.lookAlikes(after: flow, of: report), comparesPhotos: submission.comparesPhotos(of: type.rawValue))
        return pages.render(page, request: request, session: session, status: .created)
    }

    /// The form's values taken by each step's rules (the place named is looked up as on the step), and
    /// the photo's type: with every problem found.
    func checked(_ flow: ReportFlow, fields: [String: String], photo: UploadedPhoto?, language: Language) async
        -> (ReportDraft, ImageType?, [FieldError])
    {
        var form = fields, draft = ReportDraft(flow: flow), errors: [FieldError] = []
        let placeFound = await pages.places.fillPoint(of: &form, language: language.rawValue) != false
        for step in flow.steps where step != .photo { errors += StepValidation.take(step, from: form, into: &draft) }
        errors = Self.placeFirst(errors, placeFound: placeFound)
        guard let photo, photo.size > 0 else { return (draft, nil, errors + [FieldError("photo", "photoMandatory")]) }
        guard let type = ImageType.detect(photo.head) else { return (draft, nil, errors + [FieldError("photo", "photoWrongType")]) }
        return (draft, type, errors)
    }
}
