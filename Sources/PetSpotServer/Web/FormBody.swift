import Foundation
import Hummingbird
import NIOCore
import PetSpotDomain

/// Reads an `application/x-www-form-urlencoded` body (at most 64 KiB) into name → value.
enum FormBody {
    static let maxBytes = 64 * 1024

    /// The form's fields; a longer body is `WebError.tooLarge` (413), as the API answers a long JSON body.
    static func read(_ request: Request) async throws -> [String: String] {
        do {
            return parse(String(buffer: try await request.body.collect(upTo: maxBytes)))
        } catch is NIOTooManyBytesError {
            throw WebError.tooLarge
        }
    }

    /// A query string read as a form (`+` is a space, as browsers send GET forms): the first value of each name.
    /// The API keeps control characters (`droppingControls: false`): its document's patterns count them as
    /// text, so a query they alone make valid or empty is judged as sent.
    static func query(_ request: Request, droppingControls: Bool = true) -> [String: String] {
        parse(request.uri.query ?? "", droppingControls: droppingControls)
    }

    static func parse(_ body: String, droppingControls: Bool = true) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            // A browser sends a text area's line breaks as CR LF; its `maxlength` counted each as one
            // character, so the value is read back with the LF it had. Control characters, which no one
            // types, are dropped unless the caller keeps them.
            func decode(_ text: Substring) -> String {
                let value = String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
                return droppingControls ? value.withoutControlCharacters(allowingLines: true) : value
            }
            let name = decode(parts[0])
            guard !name.isEmpty, fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}
