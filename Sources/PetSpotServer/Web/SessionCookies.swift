import Foundation
import Hummingbird

/// The session cookies of "my reports" and of the operator console: the use cases sign and read the
/// values, these put them in and take them out of HTTP.
extension MyReportsService {
    /// Kept until the browser closes (the value itself ends after `sessionLifetime`), not over a restart.
    func cookie(for email: String) -> Cookie { cookie(session(for: email), maxAge: nil) }

    /// Ends this browser's session ("Close my reports on this device").
    var signedOut: Cookie { cookie("", maxAge: 0) }

    private func cookie(_ value: String, maxAge: Int?) -> Cookie {
        Cookie(name: Self.cookieName, value: value, maxAge: maxAge, path: "/my-reports", secure: secureSession, httpOnly: true, sameSite: .lax)
    }

    /// The address the request's session cookie opens, while it lasts.
    func email(of request: Request) -> String? { email(inSession: request.cookies[Self.cookieName]?.value) }
}

extension OperatorAuth {
    func cookie(for session: Session) -> Cookie {
        cookie(cookieValue(for: session), maxAge: max(0, session.expiry - Int(now().timeIntervalSince1970)))
    }

    var signedOut: Cookie { cookie("", maxAge: 0) }

    private func cookie(_ value: String, maxAge: Int) -> Cookie {
        Cookie(name: Self.cookieName, value: value, maxAge: maxAge, path: "/admin", secure: secureCookies, httpOnly: true, sameSite: .strict)
    }

    /// The session the request's cookie carries, when it is this server's and has not expired.
    func session(_ request: Request) -> Session? { session(cookie: request.cookies[Self.cookieName]?.value) }
}
