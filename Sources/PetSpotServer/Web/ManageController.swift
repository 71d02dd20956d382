import Foundation
import HTTPTypes
import Hummingbird
import PetSpotDomain
import PetSpotWeb

/// `/manage/{id}`: the owner enters the management code to see the report's matches, or to mark the pet
/// reunited or remove the report, each after a confirmation step. Wrong codes count toward the server's
/// lock-out like the API's.
struct ManageController: Sendable {
    let pages: WebPages
    let service: AnnouncementService

    func register(on router: Router<PetSpotRequestContext>) {
        router.get("/manage/:id") { request, context in
            await pages.handle(request) { session in
                let report = try await service.find(AnnouncementID(context.parameters.get("id") ?? ""))
                return pages.render(ManagePage(report, csrf: session.csrfToken, strings: Strings(session.language)),
                                    request: request, session: session)
            }
        }
        router.post("/manage/:id") { request, context in
            await pages.handle(request) { try await manage(request, context: context, session: $0) }
        }
    }

    func manage(_ request: Request, context: PetSpotRequestContext, session: WebSession) async throws -> Response {
        let form = try await WebPages.form(request, session: session)
        let id = AnnouncementID(context.parameters.get("id") ?? "")
        let report = try await service.find(id)
        let strings = Strings(session.language)
        let code = (form["code"] ?? "").trimmingCharacters(in: .whitespaces)
        func failed(_ key: String, _ status: HTTPResponse.Status) -> Response {
            pages.render(ManagePage(report, errorKey: key, csrf: session.csrfToken, strings: strings),
                         request: request, session: session, status: status)
        }
        guard !code.isEmpty else { return failed("codeRequired", .badRequest) }
        do {
            try await service.authorize(id, password: code, client: context.clientAddress)
        } catch AccessError.locked {
            return failed("codeLocked", .tooManyRequests)
        } catch AccessError.wrongSecret {
            return failed("codeWrong", .forbidden)
        }
        switch form["action"] {
        case ManagePage.Change.delete.confirmed:
            try await service.delete(id)
            return pages.message("deletedTitle", "deletedBody", status: .ok, request: request, session: session)
        case ManagePage.Change.reunite.confirmed where report.status != .closed:
            let updated = try await service.update(id, changes: AnnouncementChanges(status: .closed))
            return pages.render(DetailsPage(updated, strings: strings, notice: strings["reunitedDone"]), request: request, session: session)
        case let action? where ManagePage.Change(rawValue: action) != nil:
            // Reuniting and removing are asked about first, so a stray Enter or click changes nothing.
            let page = ManagePage(report, confirming: ManagePage.Change(rawValue: action), code: code, csrf: session.csrfToken, strings: strings)
            return pages.render(page, request: request, session: session)
        default:
            // The form's first button, and what Enter in the code field does: look, change nothing.
            let matches = try await service.matches(for: report)
            return pages.render(ManagePage(report, matches: matches, csrf: session.csrfToken, strings: strings), request: request, session: session)
        }
    }
}
