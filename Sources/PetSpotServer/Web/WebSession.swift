@preconcurrency import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import PetSpotRoutes
import PetSpotWeb

/// The server's side of web sessions: the key CSRF tokens are signed with, and whether cookies must be
/// `Secure` (the public URL is https).
struct WebSessionKeys: Sendable {
    let csrfKey: SymmetricKey
    /// HMAC with the CSRF key already set up: each token copies it (the key's schedule is not redone).
    private let csrfMAC: HMAC<SHA256>
    let secureCookies: Bool

    /// The key is derived from the server's secret, so every instance sharing that secret accepts the
    /// same tokens.
    init(secret: String, secureCookies: Bool) {
        csrfKey = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Data("petspot-csrf".utf8), using: SymmetricKey(data: Data(secret.utf8))))
        csrfMAC = HMAC<SHA256>(key: csrfKey)
        self.secureCookies = secureCookies
    }

    /// A cookie's name: over https with the `__Host-` prefix, which browsers accept only from this very
    /// host, `Secure`, on `/`: neither a sibling subdomain nor a plain-HTTP answer can plant a draft key
    /// or a session id in a visitor's browser (and read the draft or the code it leads to).
    func name(_ base: String) -> String { secureCookies ? "__Host-" + base : base }

    /// The form token of a browser session: an HMAC of its session id, so no token can be made for a
    /// session without the server's key.
    func csrfToken(for session: String) -> String {
        var mac = csrfMAC
        mac.update(data: Data(session.utf8))
        return Hex.encode(Array(mac.finalize()))
    }
}

/// What the browser's cookies say about the visitor: language, session id (whose signature is the CSRF
/// token), draft key; and the cookies the answer has to set.
struct WebSession {
    static let languageCookie = "petspot_lang", csrfCookie = "petspot_csrf", draftCookie = "petspot_draft"

    var language: Language
    /// The token forms carry: the signature of this browser's session id.
    let csrfToken: String
    /// The session id the request itself carried, if any; forms are only accepted with its signature.
    private let requestSession: String?
    private let keys: WebSessionKeys
    private(set) var draftKey: String?
    private(set) var cookies: [Cookie] = []

    init(_ request: Request, keys: WebSessionKeys) {
        self.keys = keys
        let cookies = request.cookies
        if let saved = cookies[keys.name(Self.languageCookie)].flatMap({ Language(rawValue: $0.value) }) {
            language = saved
        } else {
            language = Language(acceptLanguage: request.headers[.acceptLanguage])
        }
        requestSession = cookies[keys.name(Self.csrfCookie)].map(\.value).flatMap { Self.isToken($0) ? $0 : nil }
        let session = requestSession ?? Self.makeToken()
        csrfToken = keys.csrfToken(for: session)
        draftKey = cookies[keys.name(Self.draftCookie)].map(\.value).flatMap { Self.isToken($0) ? $0 : nil }
        if requestSession == nil { self.cookies.append(cookie(Self.csrfCookie, session)) }
    }

    /// The draft key, made (and set as a cookie) on first use.
    mutating func ensureDraftKey() -> String {
        if let draftKey { return draftKey }
        let key = Self.makeToken()
        draftKey = key
        cookies.append(cookie(Self.draftCookie, key, maxAge: 24 * 3600))
        return key
    }

    mutating func remember(_ language: Language) {
        self.language = language
        cookies.append(cookie(Self.languageCookie, language.rawValue, maxAge: 365 * 24 * 3600))
    }

    /// True when the form comes from this site (`isSameOrigin`) with the token of this browser's session.
    func acceptsForm(_ request: Request, token: String?) -> Bool {
        Self.isSameOrigin(request) && acceptsForm(token: token)
    }

    /// True when `submitted` is the signature of the session id this browser's cookie carried (compared
    /// in constant time).
    private func acceptsForm(token submitted: String?) -> Bool {
        guard let requestSession, let submitted else { return false }
        return ConstantTime.equal(submitted, keys.csrfToken(for: requestSession))
    }

    /// True unless the browser says the form came from another site: an `Origin` that is not this
    /// request's own host (or `null`), or `Sec-Fetch-Site: cross-site`. With `Referrer-Policy: same-origin`
    /// our own pages send their real `Origin`; `null` comes from a sandboxed frame, a redirect or a page
    /// still under the old `no-referrer`: for a `signed` request (a form token goes with it) `null` passes
    /// and the token decides; without one, it passes only when the browser says `Sec-Fetch-Site: same-origin`.
    static func isSameOrigin(_ request: Request, signed: Bool = true) -> Bool {
        let site = request.headers[secFetchSite]?.lowercased()
        if site == "cross-site" || site == "same-site" { return false }
        guard let origin = request.headers[.origin] else { return true }
        if origin == "null" { return signed || site == "same-origin" }
        guard let host = request.head.authority, let url = URLComponents(string: origin),
            let originHost = url.host, ["http", "https"].contains(url.scheme ?? "")
        else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    private func cookie(_ name: String, _ value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: keys.name(name), value: value, maxAge: maxAge, path: "/", secure: keys.secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// 128 random bits as 32 hex digits.
    static func makeToken() -> String { Hex.random(bytes: 16) }

    static func isToken(_ value: String) -> Bool {
        value.utf8.count == 32 && value.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
