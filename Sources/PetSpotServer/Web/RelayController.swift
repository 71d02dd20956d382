import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotWeb

/// `/lost-pets/{id}/message`: a message to the reporter through PetSpot (issue 13). CSRF-protected, a
/// honeypot for bots, limited per sender and per report; the message is e-mailed with the sender's
/// address as Reply-To and is never logged or stored beyond the outbox.
struct RelayController: Sendable {
    let pages: WebPages
    let service: AnnouncementService

    func register(on router: Router<PetSpotRequestContext>) {
        router.get("/lost-pets/:id/message") { request, context in
            await pages.handle(request) { session in
                let report = try await service.find(AnnouncementID(context.parameters.get("id") ?? ""))
                guard report.status != .closed, report.email != nil else { throw WebError.notFound }
                return pages.render(RelayPage(report, csrf: session.csrfToken, strings: Strings(session.language)), request: request, session: session)
            }
        }
        router.post("/lost-pets/:id/message") { request, context in
            await pages.handle(request) { try await send(request, context: context, session: $0) }
        }
    }

    func send(_ request: Request, context: PetSpotRequestContext, session: WebSession) async throws -> Response {
        let form = try await WebPages.form(request, session: session)
        let report = try await service.find(AnnouncementID(context.parameters.get("id") ?? ""))
        let strings = Strings(session.language)
        guard report.status != .closed, report.email != nil else { throw WebError.notFound }
        // One line, no control characters (the name goes into a subject).
        func line(_ name: String, _ limit: Int) -> String {
            String((form[name] ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
                .trimmingCharacters(in: .whitespaces).prefix(limit).description
        }
        let name = line("name", 100), email = line("email", 254), phone = line("phone", 30)
        let trait = String((form["trait"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(300))
        let message = String((form["message"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(2000))
        var errors: [FieldError] = []
        if name.isEmpty { errors.append(FieldError("name", "relayNameRequired")) }
        if !ContactRules.isValidEmail(email) { errors.append(FieldError("email", "errorEmail")) }
        if !phone.isEmpty, !ContactRules.isValidPhone(phone) { errors.append(FieldError("phone", "errorPhone")) }
        if message.count < 10 { errors.append(FieldError("message", "relayMessageShort")) }
        func again(_ errors: [FieldError], status: HTTPResponse.Status) -> Response {
            pages.render(RelayPage(report, values: form, errors: errors, csrf: session.csrfToken, strings: strings),
                         request: request, session: session, status: status)
        }
        guard errors.isEmpty else { return again(errors, status: .badRequest) }
        // A bot fills the hidden field: it is told the message went, and nothing is sent.
        guard (form["website"] ?? "").isEmpty else {
            return pages.message("relaySentTitle", "relaySentBody", status: .ok, request: request, session: session)
        }
        do {
            guard try await service.relay(to: report, name: name, email: email, phone: phone.isEmpty ? nil : phone,
                                          trait: trait.isEmpty ? nil : trait, message: message, client: context.clientAddress) else {
                throw WebError.notFound
            }
        } catch AccessError.locked {
            return again([FieldError("message", "relayLimited")], status: .tooManyRequests)
        }
        return pages.message("relaySentTitle", "relaySentBody", status: .ok, request: request, session: session)
    }
}
