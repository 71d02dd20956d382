import Foundation

/// How a value goes into a link: a path segment, a query, a safe way back.
extension WebRoute {
    public static func segment(_ value: String) -> String {
        // Report ids and asset names are plain (letters, digits, '-', '.'): nothing to encode, and
        // Foundation's encoder is slow.
        if value.utf8.allSatisfy(isUnreserved) { return value }
        return value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? value
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_`, `~`. Encoders leave them as they are.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    public static func withQuery(_ path: String, _ items: [(String, String?)]) -> String {
        // Names and values of unreserved characters and '/' (a path to go back to) need no encoding:
        // joined directly, as URLComponents would, without its cost on every page.
        let present = items.compactMap { name, value in value.map { (name, $0) } }
        if present.allSatisfy({ $0.0.utf8.allSatisfy(isUnreserved) && $0.1.utf8.allSatisfy { isUnreserved($0) || $0 == 0x2F } }) {
            guard !present.isEmpty else { return path }
            return path + "?" + present.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        }
        var components = URLComponents()
        components.path = path
        components.queryItems = present.map { URLQueryItem(name: $0.0, value: $0.1) }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? path
    }

    /// A local path to return to after switching language, else the home page; no tab or line break, which browsers drop.
    public static func safeBackPath(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"),
            !candidate.unicodeScalars.contains(where: { $0 == "\\" || $0.value <= 0x20 || $0.value == 0x7F })
        else { return "/" }
        return candidate
    }
}
