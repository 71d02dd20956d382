import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotWeb

/// `/lost-pets/{id}/message`: a message to the reporter through PetSpot. CSRF-protected, a
/// honeypot for bots, limited per sender and per report; the message is e-mailed with the sender's
/// address as Reply-To, kept 30 days for the owner's "this message is a scam" link, never logged.
struct RelayController: Sendable {
    let pages: WebPages
    let service: AnnouncementService
    let moderation: ModerationService

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.relay()) { request, context in
            let session = pages.session(request)
            let report = try await service.findPublic(try context.reportID())
            guard report.status != .closed, report.email != nil else { throw WebError.notFound }
            return pages.render(RelayPage(report, csrf: session.csrfToken, strings: Strings(session.language)), request: request, session: session)
        }
        router.post(.relay()) { request, context in
            try await send(request, context: context, session: pages.session(request))
        }
        router.post(.relaySend()) { request, context in
            try await send(request, context: context, session: pages.session(request), queued: true)
        }
    }

    /// A message from the form, or `queued` from a phone's queue (sent later, so without the form's token,
    /// under its idempotency key, answered in JSON).
    func send(_ request: Request, context: PetSpotRequestContext, session: WebSession, queued: Bool = false) async throws -> Response {
        guard !queued || WebSession.isSameOrigin(request, signed: false) else { throw WebError.forbidden }
        let form = queued ? try await FormBody.read(request) : try await WebPages.form(request, session: session)
        let report = try await service.findPublic(try context.reportID())
        let strings = Strings(session.language)
        guard report.status != .closed, report.email != nil else { throw WebError.notFound }
        let message = RelayMessageForm(
            name: form["name"] ?? "", email: form["email"] ?? "", phone: form["phone"] ?? "",
            trait: form["trait"] ?? "", message: form["message"] ?? "")
        let errors = message.problems.map { FieldError($0.field, $0.key) }
        func again(_ errors: [FieldError], status: HTTPResponse.Status) -> Response {
            if queued { return JSONResponse.make(QueuedSend.Problems(errors: errors, strings: strings), status: status) }
            return pages.render(
                RelayPage(report, values: form, errors: errors, csrf: session.csrfToken, strings: strings),
                request: request, session: session, status: status)
        }
        guard errors.isEmpty else { return again(errors, status: .badRequest) }
        // A bot fills the hidden field: it is told the message went, and nothing is sent.
        guard (form["website"] ?? "").isEmpty else {
            return pages.message(.relaySentTitle, .relaySentBody, about: report.id.rawValue, status: .ok, request: request, session: session)
        }
        do {
            try await service.relay(message, to: report, client: context.clientAddress, moderation: moderation, key: queued ? QueuedSend.key(form) : nil)
        } catch RelayError.cannotReceive {
            throw WebError.notFound
        } catch AccessError.tooMany {
            return again([FieldError("message", "relayLimited")], status: .tooManyRequests)
        }
        if queued { return JSONResponse.make(QueuedSend.Sent(details: WebRoute.details(id: report.id.rawValue).path), status: .created) }
        return pages.message(.relaySentTitle, .relaySentBody, about: report.id.rawValue, status: .ok, request: request, session: session)
    }
}
