import Foundation
import Hummingbird
import PetSpotWeb

/// What the browser's cookies say about the visitor: language, CSRF token, draft key; and the cookies
/// the answer has to set.
struct WebSession {
    static let languageCookie = "petspot_lang", csrfCookie = "petspot_csrf", draftCookie = "petspot_draft"

    var language: Language
    let csrfToken: String
    /// The token the request itself carried, if any; forms are only accepted with it.
    let requestCSRFToken: String?
    private(set) var draftKey: String?
    private(set) var cookies: [Cookie] = []

    init(_ request: Request) {
        let cookies = request.cookies
        if let saved = cookies[Self.languageCookie].flatMap({ Language(rawValue: $0.value) }) {
            language = saved
        } else {
            language = Language(acceptLanguage: request.headers[.acceptLanguage])
        }
        requestCSRFToken = cookies[Self.csrfCookie].map(\.value).flatMap { Self.isToken($0) ? $0 : nil }
        csrfToken = requestCSRFToken ?? Self.makeToken()
        draftKey = cookies[Self.draftCookie].map(\.value).flatMap { Self.isToken($0) ? $0 : nil }
        if requestCSRFToken == nil { self.cookies.append(Self.cookie(Self.csrfCookie, csrfToken)) }
    }

    /// The draft key, made (and set as a cookie) on first use.
    mutating func ensureDraftKey() -> String {
        if let draftKey { return draftKey }
        let key = Self.makeToken()
        draftKey = key
        cookies.append(Self.cookie(Self.draftCookie, key, maxAge: 24 * 3600))
        return key
    }

    mutating func remember(_ language: Language) {
        self.language = language
        cookies.append(Self.cookie(Self.languageCookie, language.rawValue, maxAge: 365 * 24 * 3600))
    }

    /// True when `submitted` is the token of this browser's cookie (compared in constant time).
    func acceptsForm(token submitted: String?) -> Bool {
        guard let expected = requestCSRFToken, let submitted else { return false }
        return ConstantTime.equal(submitted, expected)
    }

    static func cookie(_ name: String, _ value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", httpOnly: true, sameSite: .lax)
    }

    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func isToken(_ value: String) -> Bool {
        value.utf8.count == 32 && value.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
