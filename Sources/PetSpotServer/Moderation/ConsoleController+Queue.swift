import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The queue and the decisions on one item.
extension ConsoleController {
    func registerQueue(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(RouterPath(ConsoleRoute.queue.pattern)) { request, _ in
            try await signedIn(request) { _, session in
                // 100 a page, `?page=2` on: a flood of flags cannot push an item out of the operator's reach.
                let page = request.uri.queryParameters.get("page").flatMap { Int($0) }.map { min(max($0, 1), 10_000) } ?? 1
                let entries = try await service.queue(limit: ConsolePages.queuePage + 1, offset: (page - 1) * ConsolePages.queuePage)
                return render(
                    ConsolePages.queue(entries, page: page, csrf: session.csrfToken, strings: Strings(session.language), now: service.now()),
                    request, session)
            }
        }
        router.get(RouterPath(ConsoleRoute.item().pattern)) { request, context in
            try await signedIn(request) { _, session in
                let item = try Self.item(context)
                let notice = request.uri.queryParameters.get("done") == nil ? nil : Strings(session.language)[.consoleDecided]
                return render(
                    ConsolePages.review(
                        try await service.review(item), notice: notice, csrf: session.csrfToken,
                        strings: Strings(session.language)), request, session)
            }
        }
        router.get(RouterPath(ConsoleRoute.photo().pattern)) { request, context in
            try await signedIn(request) { _, _ in
                guard let (file, type) = try await service.announcements.photoForReview(named: try context.path("name")) else {
                    throw WebError.notFound
                }
                // Served here, never redirected to the bucket: a held report's photo stays behind the sign-in.
                var response = try await PhotoController(service: service.announcements, redirectSeconds: 0)
                    .serve(file: file, type: type, request: request, context: context)
                response.headers[.cacheControl] = "private, no-store"
                return response
            }
        }
        router.post(RouterPath(ConsoleRoute.item().pattern)) { request, context in
            try await signedIn(request) { name, session in try await decide(request, context, operator: name, session: session) }
        }
    }

    static func item(_ context: PetSpotRequestContext) throws -> FlaggedItem {
        guard let kind = FlaggedKind(rawValue: try context.path("kind")), let id = try? context.path("id") else {
            throw WebError.notFound
        }
        return FlaggedItem(kind, id)
    }

    private func decide(_ request: Request, _ context: PetSpotRequestContext, operator name: String, session: WebSession) async throws -> Response {
        let form = try await WebPages.form(request, session: session)
        let item = try Self.item(context)
        let reason = String((form["reason"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(500))
        let t = Strings(session.language)
        func again(_ key: TextKey, field: String) async throws -> Response {
            render(
                ConsolePages.review(
                    try await service.review(item), errors: [ErrorSummaryItem(href: "#field-\(field)", message: t[key])],
                    csrf: session.csrfToken, strings: t), request, session, status: .badRequest)
        }
        let decision: ModerationDecision
        switch form["action"] ?? "" {
        case "dismiss": decision = .dismiss
        case "restore": decision = .restore
        case "hide": decision = .hide
        case "delete": decision = .delete
        case "duplicate":
            guard let original = try await service.report(named: form["duplicateOf"] ?? "", other: AnnouncementID(item.id), visibleOnly: false) else {
                return try await again(.flagDuplicateUnknown, field: "duplicateOf")
            }
            decision = .duplicate(of: original)
        case "block-sender":
            let message = try await service.relayedMessage(item.id)
            guard let days = ConsoleDays.parse(form["days"]) else { return try await again(.consoleBlockInvalid, field: "days") }
            // Where the message came from, never the address it gave: nobody checked that, and blocking it
            // would let anyone silence a stranger by naming them in a message.
            try await service.block(.network, value: message.client, days: days, reason: reason.isEmpty ? "scam message" : reason, by: name)
            decision = .hide
        default:
            throw WebError.notFound
        }
        do {
            try await service.decide(item, decision, by: name, reason: reason)
        } catch StoreError.notFound where decision != .delete {
            return try await again(.consoleGone, field: "reason")
        }
        let next = decision == .delete ? ConsoleRoute.queue.path : ConsoleRoute.item(kind: item.kind.rawValue, id: item.id).path + "?done=1"
        return HTMLResponse.redirect(to: next, session: session)
    }
}

/// A block's length as typed: empty is until lifted (nil inside `.some`), else 1 to 3650 days; nil when
/// unreadable.
enum ConsoleDays {
    static func parse(_ text: String?) -> Int?? {
        let text = (text ?? "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .some(nil) }
        guard let days = Int(text), (1...3650).contains(days) else { return nil }
        return .some(days)
    }
}
