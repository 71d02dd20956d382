import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI

/// Reads JSON bodies with the contract's rules: `application/json` only (anything else counts as no
/// body), at most 100 KB (413), strict JSON (malformed → 400).
enum RequestBodyReader {
    static let maxJSONBytes = 100 * 1024

    static func json(_ request: Request) async throws -> JSONValue? {
        let bytes = try await collect(request, limit: maxJSONBytes)
        guard isJSON(request.headers[.contentType]), !bytes.isEmpty else { return nil }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw APIError.badRequest(.invalidFormat, "Request body is not valid JSON")
        }
    }

    static func collect(_ request: Request, limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in request.body {
            guard bytes.count + chunk.readableBytes <= limit else { throw APIError.jsonTooLarge }
            bytes += chunk.readableBytesView
        }
        return bytes
    }

    /// `application/json`, optionally with `charset=utf-8`; another charset is refused outright.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard parts.first == "application/json" else { return false }
        return parts.dropFirst().allSatisfy { !$0.hasPrefix("charset=") || $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" }
    }
}
