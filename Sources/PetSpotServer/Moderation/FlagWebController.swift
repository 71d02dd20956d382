import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The web's flags: "Report a problem" on a report page and on each sighting, and the owner's
/// e-mailed "this message is a scam". CSRF-protected; limited per client.
struct FlagWebController: Sendable {
    let pages: WebPages
    let service: ModerationService
    let announcements: AnnouncementService

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.flagReport()) { request, context in try await form(request, context, sighting: nil) }
        router.post(.flagReport()) { request, context in try await send(request, context, sighting: nil) }
        router.get(.flagSighting()) { request, context in try await form(request, context, sighting: try context.path("sighting")) }
        router.post(.flagSighting()) { request, context in try await send(request, context, sighting: try context.path("sighting")) }
        router.get(.flagMessage()) { request, context in
            let session = pages.session(request)
            let (message, action) = try await message(request, context)
            return pages.render(
                FlagPages.message(message, action: action, csrf: session.csrfToken, strings: Strings(session.language)),
                request: request, session: session)
        }
        router.post(.flagMessage()) { request, context in
            let session = pages.session(request)
            _ = try await WebPages.form(request, session: session)
            try await service.ownerFlags(try await message(request, context).0)
            return pages.message(.messageFlaggedTitle, .messageFlaggedBody, status: .ok, request: request, session: session)
        }
    }

    private func message(_ request: Request, _ context: PetSpotRequestContext) async throws -> (RelayedMessage, String) {
        let id = try context.path("id"), token = request.uri.queryParameters.get("token")
        do {
            return (try await service.message(id, token: token), WebRoute.flagMessage(id: id, token: token ?? "").path)
        } catch AlertError.invalidLink {
            throw WebError.notFound
        }
    }

    /// The report the public may see, or not found.
    private func target(_ context: PetSpotRequestContext) async throws -> Announcement {
        try await announcements.findPublic(try context.reportID())
    }

    private func form(_ request: Request, _ context: PetSpotRequestContext, sighting: String?) async throws -> Response {
        let session = pages.session(request)
        let report = try await target(context)
        if let sighting { try await service.requireVisible(sighting: sighting, of: report.id) }
        return pages.render(
            FlagPages.form(report, sighting: sighting, csrf: session.csrfToken, strings: Strings(session.language)),
            request: request, session: session)
    }

    private func send(_ request: Request, _ context: PetSpotRequestContext, sighting: String?) async throws -> Response {
        let session = pages.session(request)
        let values = try await WebPages.form(request, session: session)
        // The sighting is checked by `flag`, before anything else.
        let report = try await target(context)
        let strings = Strings(session.language)
        func again(_ errors: [FieldError], status: HTTPResponse.Status) -> Response {
            pages.render(
                FlagPages.form(report, sighting: sighting, values: values, errors: errors, csrf: session.csrfToken, strings: strings),
                request: request, session: session, status: status)
        }
        let form = FlagForm(reason: values["reason"] ?? "", detail: values["detail"] ?? "", duplicateOf: sighting == nil ? values["duplicateOf"] ?? "" : "")
        let item = sighting.map { FlaggedItem(.sighting, $0) } ?? FlaggedItem(.report, report.id.rawValue)
        do {
            _ = try await service.flag(item, on: report, form: form, client: context.clientAddress)
        } catch ModerationError.invalid(let problem) {
            return again([FieldError(problem.field, problem.key)], status: .badRequest)
        } catch AccessError.tooMany {
            return again([FieldError("reason", "flagLimited")], status: .tooManyRequests)
        }
        return pages.message(.flagThanksTitle, .flagThanksBody, status: .ok, request: request, session: session)
    }
}
