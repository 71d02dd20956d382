import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PetSpotDomain

/// The outermost layer: every answer, errors from unreadable bodies included, gets the `request-id`
/// header and the security headers, an API answer `Access-Control-Allow-Origin: *` too, and errors become
/// the contract's envelope. An `OPTIONS` request on any path is a CORS preflight, answered here. One JSON
/// log line each.
struct RequestEnvelopeMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let logger: Logger
    /// Renders the HTML "not found" page for paths outside `/api` and `/images`; nil keeps JSON everywhere.
    var htmlNotFound: (@Sendable (Request) -> Response)?
    /// PetSpot's JSON log handler when it is the logger's, found once: request lines go to it directly.
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
        // As the old backend sent it; web pages say `same-origin` (`HTMLResponse.page`).
        .init("Referrer-Policy")!: "no-referrer",
        .init("Cross-Origin-Opener-Policy")!: "same-origin",
        .init("Origin-Agent-Cluster")!: "?1",
        .init("X-DNS-Prefetch-Control")!: "off",
        .init("X-Download-Options")!: "noopen",
        .init("X-Permitted-Cross-Domain-Policies")!: "none",
        .init("X-XSS-Protection")!: "0",
    ]
    static let securityHeaderNames = Set(securityHeaders.map(\.name))
    /// Any page may read the API's answers (no `Allow-Credentials`: never with cookies); the web's pages and
    /// the admin routes say nothing, so a browser lets no other site read a page or send an admin deletion.
    static let crossOrigin = HTTPField(name: .accessControlAllowOrigin, value: "*")

    static func isCrossOrigin(_ path: String) -> Bool { isAPIPath(path) && !path.hasPrefix("/api/admin/") }
    static let requestIDField = HTTPField.Name("request-id")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        do {
            guard !Self.hasControlCharacters(request.uri.path) else {
                // A web path with one names no page: the not-found page answers it.
                guard Self.isAPIPath(request.uri.path) else { throw APIError.notFound }
                throw APIError.badRequest(.invalidParameter, "The path must not contain control characters")
            }
            response = request.method == .options ? Self.preflight(request) : try await next(request, context)
            if let unchanged = Self.notModified(request, response) { response = unchanged }
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
        Self.keepPrivate(request, &response.headers)
        Self.seal(&response.headers, requestID: context.requestID)
        if Self.isCrossOrigin(request.uri.path), response.headers[.accessControlAllowOrigin] == nil { response.headers.append(Self.crossOrigin) }
        log(
            method: request.method, path: request.uri.path, query: request.uri.query, status: response.status.code,
            requestID: context.requestID, duration: ContinuousClock.now - started)
        return response
    }

    /// An answer to a change (such as a new report's code, from the API or a phone's queued send) and an API
    /// answer for one person (asked with a password or a token) are kept by no cache.
    static func keepPrivate(_ request: Request, _ headers: inout HTTPFields) {
        guard headers[.cacheControl] == nil else { return }
        let read = request.method == .get || request.method == .head
        let forOne = isAPIPath(request.uri.path) && (request.headers[.authorization] != nil || request.uri.query?.contains("token=") == true)
        if !read || forOne { headers[.cacheControl] = "no-store" }
    }

    /// A CORS preflight's answer: every method the API has, and the headers the page asked to send
    /// (`Idempotency-Key` among them) when they are a plain list of header names.
    static func preflight(_ request: Request) -> Response {
        guard isCrossOrigin(request.uri.path) else { return Response(status: .noContent, headers: [.contentLength: "0"]) }
        let headers = request.headers
        var fields: HTTPFields = [.accessControlAllowMethods: "GET,HEAD,PUT,PATCH,POST,DELETE", .contentLength: "0"]
        if let asked = headers[.accessControlRequestHeaders], asked.utf8.count <= 1024,
            asked.utf8.allSatisfy({ byte in byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || isTokenByte(byte) })
        {
            fields[.accessControlAllowHeaders] = asked
        }
        fields[.vary] = "Access-Control-Request-Headers"
        return Response(status: .noContent, headers: fields)
    }

    /// 304 without a body for a GET or HEAD whose `If-None-Match` names the answer's ETag (weakly
    /// compared, or `*`), unless it asks for no cache: Express's `req.fresh`.
    static func notModified(_ request: Request, _ response: Response) -> Response? {
        guard let asked = request.headers[.ifNoneMatch], let tag = response.headers[.eTag], response.status == .ok,
            request.method == .get || request.method == .head, request.headers[.cacheControl]?.contains("no-cache") != true
        else { return nil }
        let opaque = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        let names = asked.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces)[...] }
        guard names.contains(where: { $0 == "*" || opaque($0) == opaque(tag[...]) }) else { return nil }
        var headers = response.headers
        for name in [HTTPField.Name.contentType, .contentLength, .contentEncoding, .transferEncoding] { headers[name] = nil }
        return Response(status: .notModified, headers: headers)
    }

    /// A byte of an HTTP token (a header's name): letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// What `seal` adds to an API answer that sets no header of its own but the request id.
    static var sealFields: HTTPFields {
        var fields = HTTPFields()
        seal(&fields, requestID: "")
        fields[requestIDField] = nil
        fields.append(crossOrigin)
        return fields
    }

    /// What every answer carries: its request id, the security headers (those an answer set itself
    /// kept) and, unless it has its own, a CSP that allows nothing.
    static func seal(_ headers: inout HTTPFields, requestID: String) {
        headers[requestIDField] = requestID
        if headers.contains(where: { securityHeaderNames.contains($0.name) }) {
            for field in securityHeaders where headers[field.name] == nil {
                headers.append(field)
            }
        } else {
            // Nearly every answer sets none of them: all appended without a search per header.
            headers.append(contentsOf: securityHeaders)
        }
        if headers[.contentSecurityPolicy] == nil {
            headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
        }
    }

    /// True when the path, raw or percent-decoded, holds a NUL or another C0 control or DEL (as the API
    /// document's path patterns say). Each escape counts on its own, so one that is not UTF-8 (`%FF%0A`)
    /// cannot hide the one after it.
    static func hasControlCharacters(_ path: String) -> Bool {
        let isControl = { (byte: UInt8) in byte < 0x20 || byte == 0x7F }
        // Without escapes, as nearly every path is: nothing to decode.
        guard path.utf8.contains(UInt8(ascii: "%")) else { return path.utf8.contains(where: isControl) }
        return PercentEncoding.bytes(path).bytes.contains(where: isControl)
    }

    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/") || path.hasPrefix("/images/") || path.hasSuffix(".json") || path.hasSuffix(".yaml")
    }

    /// The request's log line: no body, no header, secrets in the path and query starred out.
    func log(method: HTTPRequest.Method, path: String, query: String?, status: Int, requestID: String, duration: Duration) {
        let fields = [
            ("requestId", requestID), ("method", method.rawValue), ("path", LogRedaction.redactPath(path)),
            ("query", LogRedaction.redactQuery(query ?? "", path: path)), ("status", String(status)),
            ("durationMs", String((duration.milliseconds * 100).rounded() / 100)),
        ]
        let level: Logger.Level = status >= 500 ? .error : (status >= 400 ? .warning : .info)
        if let jsonLog, jsonLog.log(level: level, "request", fields: fields) { return }
        logger.log(level: level, "request", metadata: Logger.Metadata(uniqueKeysWithValues: fields.map { ($0.0, .string($0.1)) }))
    }
}

extension RequestEnvelopeMiddleware {
    /// Answers before the router (`EarlyAnswerHandler`), enveloped as the router's are: `answer` is asked
    /// for GET requests to `route`, from the client
    /// the trusted proxies name; what it answers gets its request id, its log line and its count in the
    /// metrics, and `sealFields` and `Server` are written after its headers (`EarlyAnswerHandler`).
    func early(
        route: String, proxies: TrustedProxies, metrics: ServerMetrics,
        _ answer: @escaping @Sendable (HTTPRequest, _ path: String, _ query: String?, _ client: String) -> EarlyAnswer?
    ) -> EarlyAnswers {
        { head, peer in
            let started = ContinuousClock.now
            guard let target = head.path else { return nil }
            let question = target.utf8.firstIndex(of: UInt8(ascii: "?"))
            guard target.utf8[..<(question ?? target.utf8.endIndex)].elementsEqual(route.utf8) else { return nil }
            let query = question.map { String(target[target.index(after: $0)...]) }
            let client = proxies.clientKey(
                peer: peer.address, peerKey: peer.key, forwardedFor: head.headerFields[values: ClientAddressMiddleware.forwardedFor])
            guard var early = answer(head, route, query, client) else { return nil }
            early.requestID = RequestIdentifier.make()
            let duration = ContinuousClock.now - started
            log(method: .get, path: route, query: query, status: 200, requestID: early.requestID, duration: duration)
            metrics.request(method: "GET", route: route, status: 200, duration: duration)
            return early
        }
    }
}
