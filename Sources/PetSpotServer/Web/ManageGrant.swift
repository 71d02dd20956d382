@preconcurrency import Crypto
import Foundation
import PetSpotDomain

/// What a right management code earns on the web: a signed, short-lived grant for one report, bound to
/// the browser's session, that the owner's next forms (confirm, edit, photo, reopen) carry instead of the
/// code. It cannot be made without the server's key, used from another browser or after it expires, and
/// it is bound to the report's code as it was (`version`, `AnnouncementService.codeVersion`): a new code
/// ("My reports") ends every grant, so whoever once had the old code keeps nothing.
struct ManageGrant {
    static let lifetime: TimeInterval = 30 * 60

    /// `<expiry seconds>.<hex HMAC of report, code version, session token and expiry>`.
    static func make(for id: AnnouncementID, version: String, session: WebSession, keys: WebSessionKeys, now: Date = Date()) -> String {
        let expiry = Int(now.timeIntervalSince1970 + lifetime)
        return "\(expiry).\(signature(id, version: version, session: session, expiry: expiry, keys: keys))"
    }

    /// True for a grant made for this report, code and session that has not expired (compared in constant time).
    static func accepts(
        _ grant: String?, for id: AnnouncementID, version: String, session: WebSession, keys: WebSessionKeys, now: Date = Date()
    ) -> Bool {
        guard let grant, let dot = grant.firstIndex(of: "."), let expiry = Int(grant[..<dot]),
            Double(expiry) > now.timeIntervalSince1970, Double(expiry) <= now.timeIntervalSince1970 + lifetime
        else { return false }
        let expected = signature(id, version: version, session: session, expiry: expiry, keys: keys)
        return ConstantTime.equal(String(grant[grant.index(after: dot)...]), expected)
    }

    private static func signature(_ id: AnnouncementID, version: String, session: WebSession, expiry: Int, keys: WebSessionKeys) -> String {
        let message = Data("manage|\(id.rawValue)|\(version)|\(session.csrfToken)|\(expiry)".utf8)
        return Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: message, using: keys.csrfKey)))
    }
}
