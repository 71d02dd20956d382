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
        var encoded = String(pieces[1])
        encoded += String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        guard let data = Data(base64Encoded: encoded), let decoded = String(data: data, encoding: .utf8) else {
            throw .unauthenticated("Invalid Base64 encoding in Authorization header")
        }
        guard let colon = decoded.firstIndex(of: ":") else {
            throw .unauthenticated("Credentials must be in username:password format")
        }
        username = String(decoded[..<colon])
        password = String(decoded[decoded.index(after: colon)...])
        guard !username.isEmpty, !password.isEmpty else { throw .unauthenticated("Username and password cannot be empty") }
    }

    static func isBasic(_ header: String?) -> Bool {
        header?.split(separator: " ").first?.lowercased() == "basic"
    }
}
