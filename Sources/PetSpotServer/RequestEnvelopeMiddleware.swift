import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PetSpotDomain

/// The outermost layer: every answer, errors from unreadable bodies included, gets the `request-id`
/// header, the security headers, and errors become the contract's envelope. One JSON log line each.
struct RequestEnvelopeMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let logger: Logger
    /// Renders the HTML "not found" page for paths outside `/api` and `/images`; nil keeps JSON everywhere.
    var htmlNotFound: (@Sendable (Request) -> Response)?
    /// The logger's handler when it is PetSpot's JSON one, found once: request lines are written to it
    /// directly.
    private let jsonLog: JSONLogHandler?

    init(logger: Logger, htmlNotFound: (@Sendable (Request) -> Response)? = nil) {
        self.logger = logger
        self.htmlNotFound = htmlNotFound
        jsonLog = logger.handler as? JSONLogHandler
    }

    static let securityHeaders: HTTPFields = [
        .xContentTypeOptions: "nosniff",
        .init("X-Frame-Options")!: "SAMEORIGIN",
        .strictTransportSecurity: "max-age=31536000; includeSubDomains",
        .init("Referrer-Policy")!: "no-referrer",
        .init("Cross-Origin-Opener-Policy")!: "same-origin",
        .init("Origin-Agent-Cluster")!: "?1",
        .init("X-DNS-Prefetch-Control")!: "off",
        .init("X-Download-Options")!: "noopen",
        .init("X-Permitted-Cross-Domain-Policies")!: "none",
        .init("X-XSS-Protection")!: "0",
    ]
    static let securityHeaderNames = Set(securityHeaders.map(\.name))
    static let requestIDField = HTTPField.Name("request-id")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        do {
            guard !Self.hasControlCharacters(request.uri.path) else {
                throw APIError.badRequest(.invalidParameter, "The path must not contain control characters")
            }
            response = try await next(request, context)
        } catch {
            let apiError = APIError.from(error)
            if apiError.status == .internalServerError {
                logger.error("request failed", metadata: ["requestId": "\(context.requestID)", "error": "\(String(reflecting: error))"])
            }
            response = apiError.response(requestID: context.requestID)
            if apiError.status == .notFound, let htmlNotFound, !Self.isAPIPath(request.uri.path) {
                response = htmlNotFound(request)
            }
        }
        response.headers[Self.requestIDField] = context.requestID
        if response.headers.contains(where: { Self.securityHeaderNames.contains($0.name) }) {
            for field in Self.securityHeaders where response.headers[field.name] == nil {
                response.headers.append(field)
            }
        } else {
            // Nearly every answer sets none of them: all appended without a search per header.
            response.headers.append(contentsOf: Self.securityHeaders)
        }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
        }
        log(request, response, context: context, duration: ContinuousClock.now - started)
        return response
    }

    /// True when the path, raw or percent-decoded, holds a NUL or another control character.
    static func hasControlCharacters(_ path: String) -> Bool {
        let isControl = { (byte: UInt8) in byte < 0x20 || byte == 0x7F }
        let bytes = Array(path.utf8)
        if bytes.contains(where: isControl) { return true }
        // Each `%XX` on its own, so an escape that is not UTF-8 (`%FF%0A`) cannot hide the one after it.
        var index = 0
        while let percent = bytes[index...].firstIndex(of: UInt8(ascii: "%")) {
            index = percent + 1
            guard percent + 2 < bytes.count, let byte = UInt8(String(decoding: bytes[percent + 1...percent + 2], as: UTF8.self), radix: 16)
            else { continue }
            if isControl(byte) { return true }
        }
        return false
    }

    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/") || path.hasPrefix("/images/") || path.hasSuffix(".json") || path.hasSuffix(".yaml")
    }

    private func log(_ request: Request, _ response: Response, context: Context, duration: Duration) {
        let fields = [
            ("requestId", context.requestID), ("method", request.method.rawValue), ("path", LogRedaction.redactPath(request.uri.path)),
            ("query", LogRedaction.redactQuery(request.uri.query ?? "")), ("status", String(response.status.code)),
            ("durationMs", String((duration.milliseconds * 100).rounded() / 100)),
        ]
        let level: Logger.Level = response.status.code >= 500 ? .error : (response.status.code >= 400 ? .warning : .info)
        if let jsonLog, jsonLog.log(level: level, "request", fields: fields) { return }
        logger.log(level: level, "request", metadata: Logger.Metadata(uniqueKeysWithValues: fields.map { ($0.0, .string($0.1)) }))
    }
}

/// Keeps secrets and personal data out of the logs.
enum LogRedaction {
    static let sensitiveKeys: Set<String> = [
        "email", "phone", "password", "managementpassword", "token", "accesstoken",
        "authorization", "code", "secret",
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

    /// `a=1&email=x@y.z` → `a=1&email=***`. A query naming no secret (every list search) comes back as is.
    static func redactQuery(_ query: String) -> String {
        // The check runs on every request's log line: on bytes, a name made into text only when it is
        // as long as a secret's name or percent-encoded.
        let equals = UInt8(ascii: "="), percent = UInt8(ascii: "%")
        let named = query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).contains { pair in
            let name = pair.prefix { $0 != equals }
            return (name.contains(percent) || sensitiveLengths.contains(name.count)) && isSensitive(Substring(pair))
        }
        guard named else { return query }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            isSensitive(pair) ? "\(pair.prefix { $0 != "=" })=***" : String(pair)
        }.joined(separator: "&")
    }

    static let sensitiveLengths = Set(sensitiveKeys.map(\.utf8.count))

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
