@preconcurrency import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238, as every authenticator app makes them): HMAC-SHA1 of the
/// 30-second step, dynamically truncated (RFC 4226) to 6 digits. The secret travels in Base32 (RFC 4648).
enum TOTP {
    static let period: TimeInterval = 30
    static let digits = 6

    /// A new 160-bit secret, Base32.
    static func makeSecret() -> String {
        Base32.encode(Hex.randomBytes(20))
    }

    static func step(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / period).rounded(.down)) }

    /// The code of `secret` (Base32) at time step `step`; nil for a secret that is not Base32.
    static func code(secret: String, step: Int64) -> String? {
        guard let key = Base32.decode(secret), !key.isEmpty else { return nil }
        let counter = withUnsafeBytes(of: UInt64(step).bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: SymmetricKey(data: key)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let value = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let code = String(value % 1_000_000)
        return String(repeating: "0", count: digits - code.count) + code
    }

    /// The time step `code` belongs to, within one step of `date` either way (clocks drift); nil when it
    /// is no code of these steps.
    static func matchingStep(_ code: String, secret: String, at date: Date) -> Int64? {
        let code = code.filter { !$0.isWhitespace }
        guard code.count == digits, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else { return nil }
        let now = step(at: date)
        return [now, now - 1, now + 1].first { candidate in
            TOTP.code(secret: secret, step: candidate).map { ConstantTime.equal($0, code) } ?? false
        }
    }

    /// The `otpauth://` URI authenticator apps read from a QR code.
    static func provisioningURI(secret: String, account: String, issuer: String = "PetSpot") -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/\(issuer):\(account)"
        components.queryItems = [
            URLQueryItem(name: "secret", value: secret), URLQueryItem(name: "issuer", value: issuer),
            URLQueryItem(name: "digits", value: String(digits)), URLQueryItem(name: "period", value: "30"),
        ]
        return components.string ?? ""
    }
}

/// Base32 without padding (RFC 4648 §6), as TOTP secrets are written.
enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    static func encode(_ bytes: [UInt8]) -> String {
        var output = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return output
    }

    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = [], buffer = 0, bits = 0
        for character in text.uppercased() where character != "=" && character != " " {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = ((buffer << 5) | value) & 0xffff
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> (bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return output
    }
}
