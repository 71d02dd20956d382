import CompressNIO
import HTTPTypes
import Hummingbird

/// gzip for text answers when the client accepts it: pages are compressed as they go out, static files
/// once at start.
enum Compression {
    /// Smaller bodies are sent as they are: the gzip header and the CPU are not worth it.
    static let minimumBytes = 1024

    /// True when `Accept-Encoding` lists gzip with a quality above zero.
    static func acceptsGzip(_ request: Request) -> Bool {
        guard let header = request.headers[.acceptEncoding] else { return false }
        return header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }

    /// The gzip form of `buffer`, or nil when it would not help.
    static func gzip(_ buffer: ByteBuffer) -> ByteBuffer? {
        guard buffer.readableBytes >= minimumBytes else { return nil }
        var input = buffer
        return try? input.compress(with: .gzip())
    }
}
