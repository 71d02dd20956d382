import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotQR
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The operator console at `/admin`: sign-in with a password and a TOTP code (enrolment on the
/// first sign-in), the queue, decisions, blocks, the audit trail and look-ups. Every page but sign-in
/// needs a signed-in operator; every form carries the session's CSRF token.
struct ConsoleController: Sendable {
    let pages: WebPages
    let service: ModerationService
    let auth: OperatorAuth

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(RouterPath(ConsoleRoute.signIn.pattern)) { request, _ in
            let session = pages.session(request)
            return render(ConsolePages.signIn(csrf: session.csrfToken, strings: Strings(session.language)), request, session)
        }
        router.post(RouterPath(ConsoleRoute.signIn.pattern)) { request, context in try await signIn(request, context) }
        router.get(RouterPath(ConsoleRoute.enrol.pattern)) { request, _ in try await enrolment(request, failed: nil) }
        router.post(RouterPath(ConsoleRoute.enrol.pattern)) { request, context in try await enrol(request, context) }
        router.post(RouterPath(ConsoleRoute.signOut.pattern)) { request, _ in
            let session = pages.session(request)
            _ = try await WebPages.form(request, session: session)
            // Signing out ends the session on the server too: a copy of the cookie opens nothing, anywhere.
            if let signedIn = auth.session(request) { try await auth.signOut(signedIn) }
            var response = HTMLResponse.redirect(to: ConsoleRoute.signIn.path, session: session)
            response.setCookie(auth.signedOut)
            return response
        }
        registerQueue(on: router)
        registerRecords(on: router)
    }

    func render(_ page: PlainPage, _ request: Request, _ session: WebSession, status: HTTPResponse.Status = .ok) -> Response {
        pages.render(page, request: request, session: session, status: status)
    }

    private func signIn(_ request: Request, _ context: PetSpotRequestContext) async throws -> Response {
        let session = pages.session(request)
        let form = try await WebPages.form(request, session: session)
        let t = Strings(session.language)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        do {
            let signedIn = try await auth.signIn(name: name, password: form["password"] ?? "", code: form["code"] ?? "", client: context.clientAddress)
            var response = HTMLResponse.redirect(to: signedIn.stage == .full ? ConsoleRoute.queue.path : ConsoleRoute.enrol.path, session: session)
            response.setCookie(auth.cookie(for: signedIn))
            return response
        } catch AccessError.wrongSecret {
            return render(
                ConsolePages.signIn(name: name, failed: t[.consoleSignInFailed], csrf: session.csrfToken, strings: t), request, session,
                status: .forbidden)
        } catch AccessError.locked {
            return render(
                ConsolePages.signIn(name: name, failed: t[.consoleLocked], csrf: session.csrfToken, strings: t), request, session,
                status: .tooManyRequests)
        }
    }

    private func enrolment(_ request: Request, failed: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let session = pages.session(request)
        guard let signedIn = auth.session(request), signedIn.stage == .enrol,
            let account = try await auth.account(of: signedIn), !account.enrolled, signedIn.outlives(account)
        else {
            return HTMLResponse.redirect(to: ConsoleRoute.signIn.path, session: session)
        }
        let uri = TOTP.provisioningURI(secret: account.totpSecret, account: account.name)
        let t = Strings(session.language)
        let svg = (try? QRCode(text: uri).svg(title: t[.consoleEnrolTitle])) ?? ""
        return render(
            ConsolePages.enrol(qrSVG: svg, secret: account.totpSecret, failed: failed, csrf: session.csrfToken, strings: t),
            request, session, status: status)
    }

    private func enrol(_ request: Request, _ context: PetSpotRequestContext) async throws -> Response {
        let session = pages.session(request)
        let form = try await WebPages.form(request, session: session)
        guard let signedIn = auth.session(request), signedIn.stage == .enrol else {
            return HTMLResponse.redirect(to: ConsoleRoute.signIn.path, session: session)
        }
        let t = Strings(session.language)
        do {
            let full = try await auth.enrol(signedIn, code: form["code"] ?? "", client: context.clientAddress)
            var response = HTMLResponse.redirect(to: ConsoleRoute.queue.path, session: session)
            response.setCookie(auth.cookie(for: full))
            return response
        } catch AccessError.wrongSecret {
            return try await enrolment(request, failed: t[.consoleSignInFailed], status: .forbidden)
        } catch AccessError.locked {
            return try await enrolment(request, failed: t[.consoleLocked], status: .tooManyRequests)
        }
    }

    /// Runs `body` for a signed-in operator whose account still exists; anyone else goes to sign-in.
    func signedIn(_ request: Request, _ body: (String, WebSession) async throws -> Response) async throws -> Response {
        let session = pages.session(request)
        guard let operatorSession = auth.session(request), operatorSession.stage == .full,
            let account = try await auth.account(of: operatorSession), account.enrolled,
            operatorSession.outlives(account)
        else {
            return HTMLResponse.redirect(to: ConsoleRoute.signIn.path, session: session)
        }
        return try await body(operatorSession.name, session)
    }
}
