import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// An answer ready before the router: what `EarlyAnswers` hands the connection for a request it can
/// answer from memory (always `200 OK`).
struct EarlyAnswer {
    var headers: HTTPFields
    var body: ByteBuffer
    /// Sent as the `request-id` header.
    var requestID = ""
}

/// Asked, on the connection's event loop, for each request read while no other is under way on the
/// connection: its answer when one is ready in memory (the kept reports list), or nil, and the router
/// answers. It is handed the request's head and the connection's peer.
typealias EarlyAnswers = @Sendable (HTTPRequest, _ peer: Peer) -> EarlyAnswer?

/// The other end of a connection: its address and that address's `ClientKey`.
struct Peer {
    let address: String
    let key: String
}

/// Sees requests and responses: a complete head starts the body's pause timer, a complete request stops
/// the clock while the server answers, a finished answer starts the idle timer.
final class RequestWatcher: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart
    private var clock: ConnectionClock?

    func handlerAdded(context: ChannelHandlerContext) {
        clock = try? context.pipeline.syncOperations.handler(type: ByteWatcher.self).clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): clock?.enter(.body, channel: context.channel, declared: head.headerFields[.contentLength].flatMap { Int($0) })
        case .end: clock?.enter(.responding, channel: context.channel)
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), clock?.phase == .responding {
            clock?.enter(.idle, channel: context.channel)
        }
        context.write(data, promise: promise)
    }
}

/// Answers a request whose answer is ready in memory on the connection's event loop, without the
/// router, its middleware and their tasks, nor the conversions of the HTTP codec: those cost a kept list
/// answer more than half its CPU. Only a request without a body, on a connection kept alive, while no
/// earlier request of the connection is under way (so answers keep their order when a client
/// pipelines); any other request goes on to the router untouched. The answer is written as HTTP/1.1
/// bytes straight to the socket once the request has ended, and the connection's clock is told, as
/// `RequestWatcher` tells it of the router's answers.
final class EarlyAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let answers: EarlyAnswers
    /// Requests passed to the router and not yet answered.
    private var underway = 0
    /// The answer to the request being read, sent when it ends.
    private var pending: EarlyAnswer?
    private var peer: Peer?
    /// The context next to the socket (`ByteWatcher`'s), through which answers are written, and the clock.
    private var socket: ChannelHandlerContext?
    private var clock: ConnectionClock?

    init(answers: @escaping EarlyAnswers) { self.answers = answers }

    /// The header lines every answer ends with: what `RequestEnvelopeMiddleware.seal` adds, and `Server`.
    static let trailer: ByteBuffer = {
        var fields = RequestEnvelopeMiddleware.sealFields
        fields[.server] = TimedHTTP1Channel.serverName
        var lines = ByteBuffer()
        for field in fields { write(field.name.rawName, field.value, into: &lines) }
        return lines
    }()

    func handlerAdded(context: ChannelHandlerContext) {
        socket = try? context.pipeline.syncOperations.context(handlerType: ByteWatcher.self)
        clock = (socket?.handler as? ByteWatcher)?.clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if underway == 0, socket != nil, Self.mayAnswerEarly(head), let answer = answers(head, client(context)) {
                pending = answer
                return
            }
            underway += 1
        case .body:
            // A request answered early has no body (`mayAnswerEarly`); NIO's decoder holds to its head.
            if pending != nil { return }
        case .end:
            if let answer = pending {
                pending = nil
                send(answer, context: context)
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { underway = max(0, underway - 1) }
        context.write(data, promise: promise)
    }

    private func send(_ answer: EarlyAnswer, context: ChannelHandlerContext) {
        guard let socket else { return }
        var head = context.channel.allocator.buffer(capacity: 512 + Self.trailer.readableBytes)
        head.writeStaticString("HTTP/1.1 200 OK\r\n")
        for field in answer.headers { Self.write(field.name.rawName, field.value, into: &head) }
        Self.write("Content-Length", String(answer.body.readableBytes), into: &head)
        Self.write("request-id", answer.requestID, into: &head)
        head.writeImmutableBuffer(Self.trailer)
        Self.write("Date", HTTPDate.now(), into: &head)
        head.writeStaticString("\r\n")
        socket.write(NIOAny(head), promise: nil)
        socket.writeAndFlush(NIOAny(answer.body), promise: nil)
        clock?.enter(.idle, channel: context.channel)
    }

    private static func write(_ name: String, _ value: String, into buffer: inout ByteBuffer) {
        buffer.writeString(name)
        buffer.writeStaticString(": ")
        buffer.writeString(value)
        buffer.writeStaticString("\r\n")
    }

    /// The peer, its key worked out once per connection.
    private func client(_ context: ChannelHandlerContext) -> Peer {
        if let peer { return peer }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        let made = Peer(address: address, key: ClientKey.of(address))
        peer = made
        return made
    }

    /// A GET without a body, on a connection the client keeps open.
    static func mayAnswerEarly(_ head: HTTPRequest) -> Bool {
        // A revalidation (`If-None-Match`) goes the router's way, which answers 304.
        guard head.method == .get, head.headerFields[.transferEncoding] == nil, head.headerFields[.ifNoneMatch] == nil else { return false }
        if let length = head.headerFields[.contentLength], length != "0" { return false }
        if let connection = head.headerFields[.connection], connection.lowercased().contains("close") { return false }
        return true
    }
}

/// The `Date` header's value, made once a second.
enum HTTPDate {
    private static let cache = NIOLockedValueBox<(second: Int, text: String)>((-1, ""))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func now() -> String {
        let second = Int(Date().timeIntervalSince1970)
        return cache.withLockedValue { cached in
            if cached.second == second { return cached.text }
            var time = time_t(second)
            var parts = tm()
            gmtime_r(&time, &parts)
            let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
            let text =
                "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
            cached = (second, text)
            return text
        }
    }
}
