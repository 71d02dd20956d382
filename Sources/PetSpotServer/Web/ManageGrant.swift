@preconcurrency import Crypto
import Foundation
import PetSpotDomain

/// What a right management code earns on the web: a signed, short-lived grant for one report, bound to
/// the browser's session, that the owner's next forms (confirm, edit, photo, reopen) carry instead of the
/// code. It cannot be made without the server's key, used from another browser or after it expires.
struct ManageGrant {
    static let lifetime: TimeInterval = 30 * 60

    /// `<expiry seconds>.<hex HMAC of report, session token and expiry>`.
    static func make(for id: AnnouncementID, session: WebSession, keys: WebSessionKeys, now: Date = Date()) -> String {
        let expiry = Int(now.timeIntervalSince1970 + lifetime)
        return "\(expiry).\(signature(id, session: session, expiry: expiry, keys: keys))"
    }

    /// True for a grant made for this report and session that has not expired (compared in constant time).
    static func accepts(_ grant: String?, for id: AnnouncementID, session: WebSession, keys: WebSessionKeys, now: Date = Date()) -> Bool {
        guard let grant, let dot = grant.firstIndex(of: "."), let expiry = Int(grant[..<dot]),
            Double(expiry) > now.timeIntervalSince1970, Double(expiry) <= now.timeIntervalSince1970 + lifetime
        else { return false }
        return ConstantTime.equal(String(grant[grant.index(after: dot)...]), signature(id, session: session, expiry: expiry, keys: keys))
    }

    private static func signature(_ id: AnnouncementID, session: WebSession, expiry: Int, keys: WebSessionKeys) -> String {
        let message = Data("manage|\(id.rawValue)|\(session.csrfToken)|\(expiry)".utf8)
        return Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: message, using: keys.csrfKey)))
    }
}
