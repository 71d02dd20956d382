import Foundation

/// `Authorization: Basic base64(username:password)`, read with the contract's rules and messages.
struct BasicCredentials {
    var username: String
    var password: String

    init(header: String?) throws(APIError) {
        guard let header, !header.isEmpty else { throw .unauthenticated("Authorization header is required") }
        let pieces = header.split(separator: " ", omittingEmptySubsequences: false)
        guard pieces.count >= 2, pieces[0].lowercased() == "basic", !pieces[1].isEmpty else {
            throw .unauthenticated("Invalid Authorization header format")
        }
        let decoded = Self.lenientBase64(pieces[1])
        guard let colon = decoded.firstIndex(of: ":") else {
            throw .unauthenticated("Credentials must be in username:password format")
        }
        username = String(decoded[..<colon])
        password = String(decoded[decoded.index(after: colon)...])
        guard !username.isEmpty, !password.isEmpty else { throw .unauthenticated("Username and password cannot be empty") }
    }

    /// The contract's decoding, which never fails: characters outside base64's alphabets (standard and URL-safe)
    /// are skipped, it ends at the first `=`, an incomplete last character is dropped, and bytes that are not
    /// UTF-8 become U+FFFD. So garbage gets the format message, never a message of its own.
    static func lenientBase64(_ text: Substring) -> String {
        var kept = String(
            text.unicodeScalars.prefix { $0 != "=" }.compactMap { scalar -> Character? in
                switch scalar {
                case "A"..."Z", "a"..."z", "0"..."9", "+", "/": Character(scalar)
                case "-": "+"
                case "_": "/"
                default: nil
                }
            })
        if kept.count % 4 == 1 { kept.removeLast() }
        kept += String(repeating: "=", count: (4 - kept.count % 4) % 4)
        return String(decoding: Data(base64Encoded: kept) ?? Data(), as: UTF8.self)
    }

    static func isBasic(_ header: String?) -> Bool {
        header?.split(separator: " ").first?.lowercased() == "basic"
    }
}
