import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotStore
import PetSpotWeb

/// `/plan/{id}?token=`: the plan e-mail's page, to tick the day's steps done; `/plan/{id}/stop?token=`:
/// its stop link, a question first (mail scanners open links), also RFC 8058's one-click POST.
struct PlanController: Sendable {
    let pages: WebPages
    let service: SearchPlanService

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.plan()) { request, context in
            try await page(request, context: context, saved: false)
        }
        router.post(.plan()) { request, context in
            let session = pages.session(request)
            let form = try await WebPages.form(request, session: session)
            guard let report = try? await service.report(try context.path("id"), token: token(request)) else {
                return invalidLink(request, session)
            }
            try await service.saveDone(SearchPlanService.ticked(form), of: report)
            return try await page(request, context: context, saved: true)
        }
        router.get(.planStop()) { request, context in
            let session = pages.session(request)
            guard (try? await service.report(try context.path("id"), token: token(request))) != nil else {
                return invalidLink(request, session)
            }
            let page = AlertActionPage(
                titleKey: .planStopMailTitle, bodyKey: .planStopMailBody, buttonKey: .planStopMail,
                action: request.uri.description, danger: true, csrf: session.csrfToken, strings: Strings(session.language))
            return pages.render(page, request: request, session: session)
        }
        router.post(.planStop()) { request, context in
            let session = pages.session(request)
            // The signed token authorises it (RFC 8058 one-click: no cookie, no form token).
            for try await _ in request.body {}
            do {
                try await service.stopMail(try context.path("id"), token: token(request))
            } catch SearchPlanError.invalidLink {
                return invalidLink(request, session)
            }
            return pages.message(.planStoppedTitle, .planStoppedBody, status: .ok, request: request, session: session)
        }
    }

    private func token(_ request: Request) -> String? { request.uri.queryParameters["token"].map(String.init) }

    private func page(_ request: Request, context: PetSpotRequestContext, saved: Bool) async throws -> Response {
        let session = pages.session(request)
        let strings = Strings(session.language)
        guard let token = token(request), let report = try? await service.report(try context.path("id"), token: token),
            let plan = SearchPlanView(report, plan: try await service.plan(of: report), strings: strings)
        else { return invalidLink(request, session) }
        return pages.render(
            PlanPage(report, plan: plan, token: token, saved: saved, csrf: session.csrfToken, strings: strings),
            request: request, session: session)
    }

    private func invalidLink(_ request: Request, _ session: WebSession) -> Response {
        pages.message(.planLinkInvalidTitle, .planLinkInvalidBody, status: .notFound, request: request, session: session)
    }
}
