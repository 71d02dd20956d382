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
                    // null: a retry, which cannot tell whether the first send's e-mail went.
                    ("codeMailed", { $0.writeString(report.codeMailed.map { $0 ? "true" : "false" } ?? "null") }),
                    ("details", Self.text(WebRoute.details(id: report.id).path)), ("manage", Self.text(WebRoute.manage(id: report.id).path)),
                ], into: &buffer)
        }
    }

    /// Why a finished report was not filed, told the same by the last step and the one-page form: the
    /// text, the field it is shown at, and the status the phone's queue reads (409, 403: fix it; 429
    /// with its `Retry-After`, 5xx: send it again later).
    static func refusal(_ error: any Error, flow: ReportFlow) -> (error: FieldError, status: HTTPResponse.Status, retryAfter: Int?) {
        switch error {
        case StoreError.conflict(let field) where field == "microchipNumber":
            return (FieldError(ReportForm.chipField(of: flow.kind).rawValue, "chipTaken"), .conflict, nil)
        case AccessError.tooMany(_, let retryAfter): return (FieldError("email", "reportLimited"), .tooManyRequests, retryAfter)
        case ModerationError.blocked: return (FieldError("email", "blockedBody"), .forbidden, nil)
        case StoreError.full: return (FieldError("email", "storageFullBody"), APIError.storageFull.status, nil)
        // A queued report's key: sent before with other answers, or its report removed since.
        case RetryError.keyReused: return (FieldError("email", "offlineKeyReused"), .conflict, nil)
        case RetryError.reportGone: return (FieldError("email", "offlineReportGone"), .gone, nil)
        case RetryError.invalidKey: return (FieldError("email", "submitFailed"), .badRequest, nil)
        default: return (FieldError("email", "submitFailed"), .internalServerError, nil)
        }
    }

    /// The place box answers for an empty point: a place typed and not found, or none typed, is told at
    /// the place, where the coordinates' two "fill in" errors were (a step's rule, and the one-page form's).
    static func placeErrors(_ errors: [FieldError], placeFound: Bool) -> [FieldError] {
        let coordinates = errors.filter { ["latitude", "longitude"].contains($0.field) }.map(\.messageKey)
        guard coordinates == ["errorLatitudeMissing", "errorLongitudeMissing"] else { return errors }
        let place = FieldError(ReportForm.Field.place.rawValue, placeFound ? "placeMissing" : "placeNotFound")
        return errors.flatMap { $0.field == "latitude" ? [place] : $0.field == "longitude" ? [] : [$0] }
    }

    func offlinePage(_ flow: ReportFlow, request: Request, session: WebSession) -> Response {
        pages.render(OfflineReportPage(flow: flow, strings: Strings(session.language)), request: request, session: session)
    }

    func send(_ flow: ReportFlow, request: Request, client: String, session: WebSession) async throws -> Response {
        // No form token: a queued report may be sent days later, after the browser forgot its session.
        guard WebSession.isSameOrigin(request, signed: false) else { throw WebError.forbidden }
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        func refused(_ draft: ReportDraft?, _ errors: [FieldError], _ status: HTTPResponse.Status) -> Response {
            let strings = Strings(session.language)
            if wantsJSON { return JSONResponse.make(QueuedSend.Problems(errors: errors, strings: strings), status: status) }
            return pages.render(
                OfflineReportPage(flow: flow, draft: draft, errors: errors, strings: strings), request: request, session: session, status: status)
        }
        let upload: UploadedPhoto?, fields: [String: String]
        do {
            (upload, fields) = try await photoReader.readForm(request)
        } catch let error as APIError {
            return refused(nil, [FieldError("photo", error.photoProblemKey)], error.status)
        }
        defer { if let upload { try? FileManager.default.removeItem(at: upload.file) } }
        let (draft, type, errors) = await checked(flow, fields: fields, photo: upload, language: session.language)
        // A page cannot be given its file back: it asks for the photo again at once, rather than finding it
        // missing at the next send (the queue's script keeps the photo itself).
        let photoAgain = type != nil && !wantsJSON ? [FieldError("photo", "photoChooseAgain")] : []
        guard errors.isEmpty, let upload, let type else { return refused(draft, errors + photoAgain, .badRequest) }
        let key = fields["idempotencyKey"].flatMap { $0.isEmpty ? nil : $0 }
        let report: SubmittedReport
        do {
            report = try await submission.submit(draft.form, photo: upload, type: type, language: session.language, client: client, key: key)
        } catch {
            let refusal = Self.refusal(error, flow: flow)
            var response = refused(draft, [refusal.error] + photoAgain, refusal.status)
            if let after = refusal.retryAfter { response.headers[.retryAfter] = String(after) }
            return response
        }
        if wantsJSON { return JSONResponse.make(Sent(report: report), status: .created) }
        let page = CreatedPage(
            flow: flow, report: report, csrf: session.csrfToken, strings: Strings(session.language),
            matches: await submission.lookAlikes(after: flow, of: report), comparesPhotos: submission.comparesPhotos(of: type.rawValue),
            chip: draft.form.chipNumber)
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
        errors = Self.placeErrors(errors, placeFound: placeFound)
        guard let photo, photo.size > 0 else { return (draft, nil, errors + [FieldError("photo", "photoMandatory")]) }
        guard let type = ImageType.detect(photo.head) else { return (draft, nil, errors + [FieldError("photo", "photoWrongType")]) }
        return (draft, type, errors)
    }
}
