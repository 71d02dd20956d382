import CompressNIO
import HTTPTypes
import Hummingbird

/// gzip for text answers when the client accepts it: pages are compressed as they go out, static files
/// once at start.
enum Compression {
    /// Smaller bodies are sent as they are: the gzip header and the CPU are not worth it.
    static let minimumBytes = 1024

    /// True when `Accept-Encoding` lists gzip (or `*`) with a quality above zero. Read byte by byte, without
    /// allocating: it is asked on every list request and every page.
    static func acceptsGzip(_ request: Request) -> Bool { acceptsGzip(request.headers) }

    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        guard let header = headers[.acceptEncoding] else { return false }
        var utf8 = header.utf8[...]
        while !utf8.isEmpty {
            let end = utf8.firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            if accepts(item: utf8[..<end]) { return true }
            utf8 = end == utf8.endIndex ? utf8[end...] : utf8[utf8.index(after: end)...]
        }
        return false
    }

    /// One `coding;q=…` item: gzip or `*`, with no quality or one above zero.
    private static func accepts(item: Substring.UTF8View) -> Bool {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let semicolon = item.firstIndex(of: UInt8(ascii: ";")) ?? item.endIndex
        var coding = item[..<semicolon]
        while let first = coding.first, blank(first) { coding = coding.dropFirst() }
        while let last = coding.last, blank(last) { coding = coding.dropLast() }
        let isGzip = coding.count == 4 && zip(coding, "gzip".utf8).allSatisfy { $0 | 0x20 == $1 }
        guard isGzip || coding.elementsEqual("*".utf8) else { return false }
        guard semicolon != item.endIndex else { return true }
        let parameters = String(decoding: item[item.index(after: semicolon)...], as: UTF8.self)
        let quality =
            parameters.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
        return quality > 0
    }

    /// The gzip form of `buffer`, or nil when it would not help.
    static func gzip(_ buffer: ByteBuffer) -> ByteBuffer? {
        guard buffer.readableBytes >= minimumBytes else { return nil }
        var input = buffer
        return try? input.compress(with: .gzip())
    }
}
