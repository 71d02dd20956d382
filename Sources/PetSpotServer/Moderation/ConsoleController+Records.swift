import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// Blocks, the audit trail (and its CSV) and look-ups.
extension ConsoleController {
    func registerRecords(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(RouterPath(ConsoleRoute.blocks.pattern)) { request, _ in
            try await signedIn(request) { _, session in
                let notice = request.uri.queryParameters.get("done") == nil ? nil : Strings(session.language)[.consoleDecided]
                return render(
                    ConsolePages.blocks(
                        try await service.activeBlocks(), notice: notice,
                        csrf: session.csrfToken, strings: Strings(session.language)), request, session)
            }
        }
        router.post(RouterPath(ConsoleRoute.blocks.pattern)) { request, _ in
            try await signedIn(request) { name, session in try await addBlock(request, operator: name, session: session) }
        }
        router.post(RouterPath(ConsoleRoute.liftBlock().pattern)) { request, context in
            try await signedIn(request) { name, session in
                _ = try await WebPages.form(request, session: session)
                try await service.lift(try context.path("id"), by: name)
                return HTMLResponse.redirect(to: ConsoleRoute.blocks.path + "?done=1", session: session)
            }
        }
        registerAudit(on: router)
        registerLookUp(on: router)
    }

    /// The audit trail, a page at a time, and all of it as CSV.
    private func registerAudit(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(RouterPath(ConsoleRoute.audit().pattern)) { request, _ in
            try await signedIn(request) { _, session in
                let before = request.uri.queryParameters.get("before").flatMap { Int64($0) }
                let entries = try await service.auditTrail(before: before)
                return render(
                    ConsolePages.audit(
                        entries, older: entries.count == 100 ? entries.last?.sequence : nil, csrf: session.csrfToken,
                        strings: Strings(session.language)), request, session)
            }
        }
        router.get(RouterPath(ConsoleRoute.auditCSV.pattern)) { request, _ in
            try await signedIn(request) { _, _ in
                Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/csv; charset=utf-8", .cacheControl: "no-store",
                        .contentDisposition: "attachment; filename=\"petspot-audit.csv\"",
                    ],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: try await service.auditCSV())))
            }
        }
    }

    /// Look-ups by id, short link, e-mail, phone or chip number.
    private func registerLookUp(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(RouterPath(ConsoleRoute.lookUp().pattern)) { request, _ in
            try await signedIn(request) { _, session in
                let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200))
                let results = query.isEmpty ? nil : try await service.lookUp(query)
                return render(
                    ConsolePages.lookUp(query, results: results, csrf: session.csrfToken, strings: Strings(session.language)),
                    request, session)
            }
        }
    }

    private func addBlock(_ request: Request, operator name: String, session: WebSession) async throws -> Response {
        let form = try await WebPages.form(request, session: session)
        let kind = Block.Kind(rawValue: form["kind"] ?? "") ?? .email
        let value = (form["value"] ?? "").trimmingCharacters(in: .whitespaces)
        let valid = kind == .email ? ContactRules.isReportAddress(value) : (try? TrustedProxies(value)) != nil && !value.contains(",") && !value.isEmpty
        guard valid, let days = ConsoleDays.parse(form["days"]) else {
            let t = Strings(session.language)
            return render(
                ConsolePages.blocks(
                    try await service.activeBlocks(), values: form, error: t[.consoleBlockInvalid],
                    csrf: session.csrfToken, strings: t), request, session, status: .badRequest)
        }
        let reason = String((form["reason"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(300))
        try await service.block(kind, value: value, days: days, reason: reason, by: name)
        return HTMLResponse.redirect(to: ConsoleRoute.blocks.path + "?done=1", session: session)
    }
}
