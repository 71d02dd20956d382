import Foundation
import Hummingbird

/// Reads an `application/x-www-form-urlencoded` body (at most 64 KiB) into name → value.
enum FormBody {
    static let maxBytes = 64 * 1024

    static func read(_ request: Request) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: maxBytes)
        return parse(String(buffer: buffer))
    }

    /// A query string read as a form (`+` is a space, as browsers send GET forms): the first value of each name.
    static func query(_ request: Request) -> [String: String] {
        parse(request.uri.query ?? "")
    }

    static func parse(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            // A browser sends a text area's line breaks as CR LF; its `maxlength` counted each as one
            // character, so the value is read back with the LF it had.
            func decode(_ text: Substring) -> String {
                let value = String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
                return value.contains("\r\n") ? value.replacingOccurrences(of: "\r\n", with: "\n") : value
            }
            let name = decode(parts[0])
            guard !name.isEmpty, fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}
