import Foundation
import HTTPTypes
import Hummingbird
import PetSpotRoutes
import PetSpotWeb

/// HTML answers: UTF-8, a strict Content-Security-Policy without inline code, no caching of pages that
/// carry personal data or tokens, and the session's cookies.
enum HTMLResponse {
    /// The policy with images also allowed from `imageOrigin` (the map tiles).
    static func contentSecurityPolicy(imageOrigin: String?) -> String {
        guard let imageOrigin else { return contentSecurityPolicy }
        return contentSecurityPolicy.replacingOccurrences(of: "img-src 'self' blob:;", with: "img-src 'self' blob: \(imageOrigin);")
    }

    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    /// `blob:` images are the page's own preview of a photo chosen for upload (made by its script).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
        + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The page, gzip-compressed when `gzip` (the client accepts it) and it is worth it.
    static func page(
        _ html: String, status: HTTPResponse.Status = .ok, session: WebSession, gzip: Bool = false,
        policy: String = contentSecurityPolicy
    ) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: policy,
            .cacheControl: "no-store",
            .vary: "Accept-Encoding",
            // Other sites never learn a page's address (manage links carry codes); our own forms and the
            // phone's queue send their real `Origin`, so `Origin: null` is another site's (`WebSession.isSameOrigin`).
            referrerPolicy: "same-origin",
        ]
        var body = ByteBuffer(string: html)
        if gzip, let compressed = Compression.gzip(body) {
            body = compressed
            headers[.contentEncoding] = "gzip"
        }
        var response = Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
        for cookie in session.cookies { response.setCookie(cookie) }
        return response
    }

    /// 303 See Other to `route`, so a reload never re-sends a form.
    static func redirect(to route: WebRoute, session: WebSession) -> Response {
        redirect(to: route.path, session: session)
    }

    static func redirect(to path: String, session: WebSession) -> Response {
        var response = Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
        for cookie in session.cookies { response.setCookie(cookie) }
        return response
    }
}

/// Why a web request ends on an error page.
enum WebError: Error {
    case notFound
    case forbidden
    /// A sighting for a report that is not of a pet still missing (closed, or a found pet's).
    case notMissing
    /// A form longer than the web accepts (`FormBody.maxBytes`).
    case tooLarge
}
