import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the XML S3 answers with (a listing, an upload id, an error) through Foundation's XML parser.
enum S3XML {
    struct Listing {
        var objects: [S3Client.Object] = []
        var nextToken: String?
    }

    /// The elements of a document as (path, text) pairs in order, e.g. ("ListBucketResult/Contents/Key", "a.jpg").
    static func elements(_ bytes: [UInt8]) throws -> [(path: String, text: String)] {
        let collector = Collector()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = collector
        guard parser.parse() else { throw S3Error.badResponse("XML that does not parse") }
        return collector.found
    }

    static func listing(_ bytes: [UInt8]) throws -> Listing {
        var listing = Listing()
        var key: String?, size = 0, modified = Date(timeIntervalSince1970: 0)
        var truncated = false
        for (path, text) in try elements(bytes) {
            switch path {
            case "ListBucketResult/Contents/Key": key = text
            case "ListBucketResult/Contents/Size": size = Int(text) ?? 0
            case "ListBucketResult/Contents/LastModified": modified = isoDate(text) ?? modified
            case "ListBucketResult/Contents":
                if let key { listing.objects.append(S3Client.Object(key: key, size: size, lastModified: modified)) }
                (key, size, modified) = (nil, 0, Date(timeIntervalSince1970: 0))
            case "ListBucketResult/IsTruncated": truncated = text == "true"
            case "ListBucketResult/NextContinuationToken": listing.nextToken = text
            default: break
            }
        }
        if !truncated { listing.nextToken = nil }
        return listing
    }

    /// The text of the first element named `name`.
    static func value(_ name: String, in bytes: [UInt8]) throws -> String {
        guard let found = try elements(bytes).first(where: { $0.path.hasSuffix("/" + name) || $0.path == name }) else {
            throw S3Error.badResponse("no \(name) in the answer")
        }
        return found.text
    }

    /// An `<Error>` document's code and message, if `bytes` is one.
    static func error(_ bytes: [UInt8], status: Int = 200) -> S3Error? {
        guard let found = try? elements(bytes), found.last?.path == "Error" else { return nil }
        let code = found.first { $0.path == "Error/Code" }?.text ?? "Error"
        let message = found.first { $0.path == "Error/Message" }?.text ?? ""
        return .status(status, code: code, message: message)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func isoDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// Gathers each element's path and text; an element is reported when it closes.
    final class Collector: NSObject, XMLParserDelegate {
        var stack: [String] = []
        var text = ""
        var found: [(path: String, text: String)] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            stack.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            found.append((stack.joined(separator: "/"), text.trimmingCharacters(in: .whitespacesAndNewlines)))
            stack.removeLast()
            text = ""
        }
    }
}
