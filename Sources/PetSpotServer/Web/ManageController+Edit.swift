import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotWeb

/// The owner's edits on the web: the texts the API's PATCH takes, checked by the same rules, and the photo.
extension ManageController {
    func save(
        _ report: Announcement, form: [String: String], grant: String, request: Request, session: WebSession, noticeKey: String = "editSaved"
    ) async throws -> Response {
        let strings = Strings(session.language)
        // An emptied field clears the value, as `null` does in the API.
        let members = EditPage.editable.map { field -> (key: String, value: JSONValue) in
            let text = (form[field.name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return (field.name, text.isEmpty ? .null : .string(text))
        }
        func again(_ errors: [(field: String, message: String)]) -> Response {
            let page = EditPage(report, values: form, errors: errors, grant: grant, csrf: session.csrfToken, strings: strings)
            return pages.render(page, request: request, session: session, status: .badRequest)
        }
        // The form's own limits first, each field that passes one named (the API's are longer for some).
        let long = EditPage.editable.filter { (form[$0.name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).limitLength > $0.limit }
        guard long.isEmpty else {
            return again(long.map { ($0.name, strings[.fieldTooLong].replacingOccurrences(of: "{limit}", with: String($0.limit))) })
        }
        let changes: AnnouncementChanges
        do throws(ValidationFailure) {
            changes = try AnnouncementValidation.validateUpdate(.object(members))
        } catch {
            return again([(error.field ?? "description", strings[.fixFields])])
        }
        let updated = try await service.update(report.id, changes: changes)
        return try await ownerView(updated, grant: grant, noticeKey: noticeKey, request: request, session: session)
    }

    func replacePhoto(_ request: Request, context: PetSpotRequestContext, session: WebSession) async throws -> Response {
        let query = request.uri.queryParameters
        guard session.acceptsForm(request, token: query["token"].map(String.init)) else { throw WebError.forbidden }
        let id = try context.reportID()
        let report = try await service.find(id)
        let strings = Strings(session.language)
        let owner = try await grant(query["grant"].map(String.init), for: id, session: session)
        guard owner.accepted else {
            return pages.render(
                ManagePage(report, errorKey: "grantExpired", csrf: session.csrfToken, strings: strings),
                request: request, session: session, status: .forbidden)
        }
        let grant = owner.next
        // What was typed above the photo stays on the page when the photo is refused.
        func failed(_ key: String, typed: [String: String] = [:]) -> Response {
            pages.render(
                EditPage(report, values: typed, errors: [("photo", strings.text(key))], grant: grant, csrf: session.csrfToken, strings: strings),
                request: request, session: session, status: .badRequest)
        }
        let upload: UploadedPhoto?, texts: [String: String]
        do {
            (upload, texts) = try await photoReader.readForm(request)
        } catch let error as APIError {
            return failed(error.photoProblemKey)
        }
        guard let upload, upload.size > 0 else {
            if let upload { try? FileManager.default.removeItem(at: upload.file) }
            return failed("photoMandatory", typed: texts)
        }
        guard let type = ImageType.detect(upload.head) else {
            try? FileManager.default.removeItem(at: upload.file)
            return failed("photoWrongType", typed: texts)
        }
        try await service.setPhoto(id, upload: upload, type: type)
        // The texts typed above the photo come along (one form holds both): saved too when they change.
        guard EditPage.changes(report, texts) else {
            return try await ownerView(try await service.find(id), grant: grant, noticeKey: "photoSaved", request: request, session: session)
        }
        return try await save(try await service.find(id), form: texts, grant: grant, request: request, session: session, noticeKey: "photoAndEditSaved")
    }
}
