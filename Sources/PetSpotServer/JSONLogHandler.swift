import Foundation
import Hummingbird
import Logging
import PetSpotAPI
import PetSpotDomain

/// Writes each log record as one JSON object a line: time, level, label, message and metadata.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private static let output = LockedOutput()

    public init(label: String) { self.label = label }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.isEmpty ? event.metadata ?? [:] : metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        Self.output.write(Self.line(label: label, level: event.level, message: "\(event.message)", metadata: merged))
    }

    /// Writes out every line logged so far (at exit).
    public static func flush() { output.flush() }

    /// One record as a JSON object with sorted keys and a newline. Written directly, with the list's
    /// string escaping: `JSONEncoder` and Foundation's date formatting took a tenth of the server's CPU
    /// when list answers came from memory.
    static func line(label: String, level: Logger.Level, message: String, metadata: Logger.Metadata, now: Date = Date()) -> ByteBuffer {
        let fields = metadata.map { key, value in
            if case .string(let text) = value { return (key, text) }
            return (key, "\(value)")
        }
        return line(label: label, level: level, message: message, fields: fields, now: now)
    }

    /// The same line from fields given as pairs (the request line every answer logs): no `Logger.Metadata`
    /// dictionary to build, which took most of that line's cost.
    static func line(label: String, level: Logger.Level, message: String, fields: [(String, String)], now: Date = Date()) -> ByteBuffer {
        var pairs = [("label", label), ("level", level.rawValue.uppercased()), ("msg", message), ("time", Timestamp.string(now))]
        pairs.reserveCapacity(4 + fields.count)
        pairs += fields.filter { $0.0 != "label" && $0.0 != "level" && $0.0 != "msg" && $0.0 != "time" }
        pairs.sort { $0.0 < $1.0 }
        return object(pairs)
    }

    /// Logs `message` with `fields` as `log(event:)` would, without going through `Logger`; false when the
    /// handler carries metadata of its own to merge (the caller then logs through its `Logger`).
    func log(level: Logger.Level, _ message: String, fields: [(String, String)]) -> Bool {
        guard metadata.isEmpty else { return false }
        if level >= logLevel { Self.output.write(Self.line(label: label, level: level, message: message, fields: fields)) }
        return true
    }

    /// `pairs`, sorted by name, as one JSON object and a newline.
    private static func object(_ pairs: [(String, String)]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(400)
        buffer.writeStaticString("{")
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            JSONText.string(key, &buffer)
            buffer.writeStaticString(":")
            JSONText.string(value, &buffer)
        }
        buffer.writeStaticString("}\n")
        return buffer
    }
}

/// Standard output, written by a thread of its own: a request appends its line to a buffer and goes on,
/// and the writer, woken by it, gathers the lines of the next 5 ms and writes them with one system call
/// (under load one wake-up and one write for many requests instead of one each). Lines never interleave.
final class LockedOutput: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending = ByteBuffer()
    private var writing = false
    /// Above this much unwritten text a logging thread waits for the writer rather than grow the buffer.
    static let limit = 4 << 20
    /// How long the writer waits for more lines once one came.
    static let gather: TimeInterval = 0.005

    init() {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "petspot-log"
        thread.start()
    }

    func write(_ line: ByteBuffer) {
        condition.lock()
        while pending.readableBytes > Self.limit { condition.wait() }
        var line = line
        pending.writeBuffer(&line)
        condition.signal()
        condition.unlock()
    }

    /// Returns once everything written before the call is out.
    func flush() {
        condition.lock()
        while pending.readableBytes > 0 || writing { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.readableBytes == 0 { condition.wait() }
            condition.unlock()
            // Lets the lines of the next few milliseconds join this write: one wake-up and one system
            // call for all of them.
            Thread.sleep(forTimeInterval: Self.gather)
            condition.lock()
            let chunk = pending
            pending = ByteBuffer()
            writing = true
            condition.unlock()
            // A full disk or a closed pipe loses the lines; it never stops the server.
            try? FileHandle.standardOutput.write(contentsOf: chunk.readableBytesView)
            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// Keeps secrets and personal data out of the logs.
enum LogRedaction {
    static let sensitiveKeys: Set<String> = [
        "email", "phone", "password", "managementpassword", "token", "accesstoken",
        "authorization", "code", "secret", "grant", "sig", "signature",
        // The language switch's way back: the page it was on, an e-mailed link with its token too.
        "back",
    ]

    /// `/lost-pets/x@y.z` → `/lost-pets/***`: a path segment holding an e-mail address (raw or
    /// percent-encoded) never reaches the log.
    static func redactPath(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "%") }),
            path.contains("@") || path.lowercased().contains("%40")
        else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.contains("@") || segment.lowercased().contains("%40") ? "***" : String(segment)
        }.joined(separator: "/")
    }

    /// `a=1&email=x@y.z` → `a=1&email=***`, and any value holding an e-mail address (`q=x@y.z`, raw or
    /// percent-encoded) goes too. A query naming no secret and no address (every list search) comes back as
    /// is. Under `/admin` every value goes: an operator looks people up by e-mail and phone. So does every
    /// value asked of the place names (`/api/v1/places`): the place box sends each prefix typed, often a
    /// street address, and the reverse look-up an exact point.
    static func redactQuery(_ query: String, path: String = "") -> String {
        let everything = (path.hasPrefix("/admin") || path.hasPrefix(APIPath.places)) && !query.isEmpty
        // The check runs on every request's log line: on bytes, a name made into text only when it is
        // as long as a secret's name or percent-encoded.
        let equals = UInt8(ascii: "="), percent = UInt8(ascii: "%")
        let named =
            everything
            || query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).contains { pair in
                let name = pair.prefix { $0 != equals }
                return (name.contains(percent) || sensitiveLengths.contains(name.count)) && isSensitive(Substring(pair))
            }
        guard named || holdsAddress(Substring(query)) else { return query }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            everything || isSensitive(pair) || holdsAddress(pair) ? "\(pair.prefix { $0 != "=" })=***" : String(pair)
        }.joined(separator: "&")
    }

    static let sensitiveLengths = Set(sensitiveKeys.map(\.utf8.count))

    static func holdsAddress(_ text: Substring) -> Bool {
        text.utf8.contains(UInt8(ascii: "@")) || text.contains("%40")
    }

    static func isSensitive(_ pair: Substring) -> Bool {
        let bytes = pair.utf8.prefix { $0 != UInt8(ascii: "=") }
        if bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") }) {
            // Plain ASCII (every list search's names): compared without making a string; `| 0x20` folds A–Z.
            return sensitiveKeys.contains { $0.utf8.count == bytes.count && zip($0.utf8, bytes).allSatisfy { $0 == $1 | 0x20 } }
        }
        let key = String(pair.prefix { $0 != "=" })
        let name = key.utf8.contains(UInt8(ascii: "%")) ? (key.removingPercentEncoding ?? key) : key
        return sensitiveKeys.contains(name.lowercased())
    }
}
