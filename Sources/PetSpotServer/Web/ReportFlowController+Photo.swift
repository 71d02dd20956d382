import Foundation
import Hummingbird
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The photo step: upload (same limits and types as the API), preview and removal.
extension ReportFlowController {
    func postPhoto(_ flow: ReportFlow, request: Request, session: inout WebSession) async throws -> Response {
        guard session.acceptsForm(request, token: request.uri.queryParameters["token"].map(String.init)) else { throw WebError.forbidden }
        let key = session.ensureDraftKey()
        var draft = try await drafts.load(key, flow: flow)
        let destination = draft.destination(for: .photo)
        guard destination == .photo else { return HTMLResponse.redirect(to: .step(flow, destination), session: session) }
        var errorKey: String?
        do {
            if let upload = try await photoReader.read(request) {
                errorKey = try await keep(upload, into: &draft, session: key)
            }
        } catch let error as APIError {
            errorKey = error.photoProblemKey
        }
        // Back and the language switch keep a photo chosen, and need none.
        let leaving = request.uri.queryParameters["nav"]
        if errorKey == nil, draft.photo == nil, leaving == nil { errorKey = "photoMandatory" }
        if errorKey == nil, draft.photo != nil { draft.completed.insert(.photo) }
        try await drafts.save(draft, session: key)
        if leaving == "back", let previous = flow.previous(.photo) {
            return HTMLResponse.redirect(to: .step(flow, previous), session: session)
        }
        if leaving == "language" {
            return HTMLResponse.redirect(to: .language(session.language.other, back: WebRoute.step(flow, .photo).path), session: session)
        }
        if let errorKey {
            let page = StepPage(
                flow: flow, step: .photo, draft: draft, errors: [FieldError("photo", errorKey)],
                csrf: session.csrfToken, strings: Strings(session.language))
            return pages.render(page, request: request, session: session, status: .badRequest)
        }
        return HTMLResponse.redirect(to: .step(flow, flow.steps[(flow.steps.firstIndex(of: .photo) ?? 0) + 1]), session: session)
    }

    /// Keeps a non-empty upload of a known image type with the draft; the error key otherwise.
    func keep(_ upload: UploadedPhoto, into draft: inout ReportDraft, session: String) async throws -> String? {
        guard upload.size > 0 else {
            try? FileManager.default.removeItem(at: upload.file)
            return nil
        }
        guard let type = ImageType.detect(upload.head) else {
            try? FileManager.default.removeItem(at: upload.file)
            return "photoWrongType"
        }
        draft.photo = try await drafts.keepPhoto(upload, type: type, session: session, flow: draft.flow)
        return nil
    }

    func preview(_ flow: ReportFlow, session: WebSession) async throws -> Response {
        let draft = try await drafts.load(session.draftKey, flow: flow)
        guard let photo = draft.photo, let type = ImageType(rawValue: photo.type),
            let body = try await drafts.photoBody(photo)
        else { throw WebError.notFound }
        return Response(status: .ok, headers: [.contentType: type.mimeType, .cacheControl: "no-store"], body: body)
    }

    func removePhoto(_ flow: ReportFlow, request: Request, session: WebSession) async throws -> Response {
        _ = try await WebPages.form(request, session: session)
        guard let key = session.draftKey else { return HTMLResponse.redirect(to: .step(flow, .photo), session: session) }
        var draft = try await drafts.load(key, flow: flow)
        guard draft.result == nil else { return HTMLResponse.redirect(to: .step(flow, .created), session: session) }
        await drafts.removePhotos(key, flow)
        draft.photo = nil
        draft.completed.remove(.photo)
        try await drafts.save(draft, session: key)
        return HTMLResponse.redirect(to: .step(flow, .photo), session: session)
    }

    /// Sends the finished draft once: a second submit finds the result and shows it.
    func send(_ flow: ReportFlow, client: String, request: Request, session: WebSession) async throws -> Response {
        let key = session.draftKey ?? ""
        let outcome: String? = try await gate.run(key) {
            var draft = try await drafts.load(key, flow: flow)
            guard draft.result == nil else { return nil }
            do {
                draft.result = try await submission.submit(draft, language: session.language, client: client, draftKey: key)
            } catch {
                return Self.refusal(error, flow: flow).error.messageKey
            }
            try await drafts.save(draft, session: key)
            return nil
        }
        guard let outcome else { return HTMLResponse.redirect(to: .step(flow, .created), session: session) }
        let draft = try await drafts.load(key, flow: flow)
        let strings = Strings(session.language)
        let page = StepPage(flow: flow, step: .contact, draft: draft, generalError: strings.text(outcome), csrf: session.csrfToken, strings: strings)
        return pages.render(page, request: request, session: session, status: .badRequest)
    }
}
