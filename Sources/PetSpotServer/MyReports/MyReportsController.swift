import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// "My reports" on the web and the API: asking for the link (the same answer for every
/// address), the link (a button, since it works once), the address's page and its actions.
struct MyReportsController: Sendable {
    let pages: WebPages
    let service: MyReportsService

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.myReports) { request, _ in
            let session = pages.session(request)
            return pages.render(MyReportsPages.request(csrf: session.csrfToken, strings: Strings(session.language)), request: request, session: session)
        }
        router.post(.myReports) { request, context in try await ask(request, context) }
        router.get(.myReportsOpen()) { request, context in
            let session = pages.session(request)
            guard service.isGenuine(nonce: try context.path("id"), token: request.uri.queryParameters.get("token")) else {
                return invalid(request, session)
            }
            return pages.render(
                MyReportsPages.open(action: request.uri.description, csrf: session.csrfToken, strings: Strings(session.language)),
                request: request, session: session)
        }
        router.post(.myReportsOpen()) { request, context in
            let session = pages.session(request)
            _ = try await WebPages.form(request, session: session)
            guard let email = try await service.open(nonce: try context.path("id"), token: request.uri.queryParameters.get("token"))
            else { return invalid(request, session) }
            var response = HTMLResponse.redirect(to: .myReportsList, session: session)
            response.setCookie(service.cookie(for: email))
            return response
        }
        router.get(.myReportsList) { request, _ in
            try await mine(request) { email, session in
                let notice = request.uri.queryParameters.get("done") == nil ? nil : Strings(session.language)[.myReportsWatchStopped]
                return try await list(email, notice: notice, request, session)
            }
        }
        router.post(.myReportsCode()) { request, context in
            try await mine(request) { email, session in
                _ = try await WebPages.form(request, session: session)
                let id = try context.reportID()
                let (report, code) = try await service.replaceCode(of: id, email: email)
                return pages.render(
                    MyReportsPages.codeReplaced(report, code: code, csrf: session.csrfToken, strings: Strings(session.language)),
                    request: request, session: session)
            }
        }
        router.post(.myReportsSignOut) { request, _ in try await signOut(request) }
        router.post(.myReportsWatch()) { request, context in
            try await mine(request) { email, session in
                _ = try await WebPages.form(request, session: session)
                try await service.stopWatch(try context.path("id"), email: email)
                return HTMLResponse.redirect(to: WebRoute.myReportsList.path + "?done=watch", session: session)
            }
        }
    }

    private func ask(_ request: Request, _ context: PetSpotRequestContext) async throws -> Response {
        let session = pages.session(request)
        let form = try await WebPages.form(request, session: session)
        let t = Strings(session.language)
        func again(_ key: TextKey, _ status: HTTPResponse.Status) -> Response {
            pages.render(
                MyReportsPages.request(email: form["email"] ?? "", error: t[key], csrf: session.csrfToken, strings: t),
                request: request, session: session, status: status)
        }
        do {
            try await service.request(form["email"] ?? "", client: context.clientAddress)
        } catch MyReportsService.Failure.invalidEmail {
            return again(.errorEmail, .badRequest)
        } catch AccessError.tooMany {
            return again(.myReportsLimited, .tooManyRequests)
        }
        return pages.message(.myReportsSentTitle, .myReportsSentBody, status: .ok, request: request, session: session)
    }

    /// "Close my reports on this device": the session ends, back to asking for a link.
    private func signOut(_ request: Request) async throws -> Response {
        let session = pages.session(request)
        _ = try await WebPages.form(request, session: session)
        var response = HTMLResponse.redirect(to: .myReports, session: session)
        response.setCookie(service.signedOut)
        return response
    }

    /// Runs `body` for the address this browser's session opens; without one, back to asking for a link.
    private func mine(_ request: Request, _ body: (String, WebSession) async throws -> Response) async throws -> Response {
        let session = pages.session(request)
        guard let email = service.email(of: request) else { return HTMLResponse.redirect(to: .myReports, session: session) }
        return try await body(email, session)
    }

    private func list(_ email: String, notice: String?, _ request: Request, _ session: WebSession) async throws -> Response {
        let overview = try await service.overview(of: email)
        var versions: [AnnouncementID: String] = [:]
        for report in overview.reports { versions[report.id] = try await service.announcements.codeVersion(of: report.id) }
        let page = MyReportsPages.list(
            email: email, reports: overview.reports, filedAsFound: overview.filedAsFound, watches: overview.watches, subscriptions: overview.subscriptions,
            grant: { ManageGrant.make(for: $0, version: versions[$0] ?? "", session: session, keys: pages.sessionKeys) }, notice: notice,
            csrf: session.csrfToken, strings: Strings(session.language))
        return pages.render(page, request: request, session: session)
    }

    private func invalid(_ request: Request, _ session: WebSession) -> Response {
        pages.message(.myReportsInvalidTitle, .myReportsInvalidBody, status: .notFound, request: request, session: session)
    }
}
