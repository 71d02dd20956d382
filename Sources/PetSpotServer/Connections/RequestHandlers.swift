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
        case .head(let head):
            let declared = head.headerFields[.contentLength].flatMap { Int($0) }
            clock?.enter(.body, channel: context.channel, declared: declared)
            // A client that asks before it sends a body (`Expect: 100-continue`: curl's uploads) is told to go
            // on at once, as the old backend's server did; a body past a limit is still refused as it arrives.
            if head.headerFields[.expect]?.lowercased() == "100-continue", (declared ?? 0) > 0 || head.headerFields[.transferEncoding] != nil {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
            }
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
    /// NIO's encoder learns each request's method from the decoder, to send a HEAD's answer without a
    /// body, and pairs them with the answers it writes in turn: an answer sent early leaves its request
    /// unpaired, so a later HEAD would cost a later answer its body. Once one went early, a HEAD's answer
    /// is written here without a body and ends the connection; this counts the answers before it.
    private var answeredEarly = false
    private var answersBeforeClosing: Int?
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
            if underway == 0, answersBeforeClosing == nil, socket != nil, Self.mayAnswerEarly(head),
                let answer = answers(head, client(context))
            {
                pending = answer
                return
            }
            if answeredEarly, answersBeforeClosing == nil, head.method == .head || head.method == .connect { answersBeforeClosing = underway }
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
        let part = unwrapOutboundIn(data)
        if case .end = part { underway = max(0, underway - 1) }
        guard let before = answersBeforeClosing else { return context.write(data, promise: promise) }
        guard before == 0 else {
            if case .end = part { answersBeforeClosing = before - 1 }
            return context.write(data, promise: promise)
        }
        switch part {
        case .head(var response):
            response.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        case .body: promise?.succeed(())
        case .end:
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(data, promise: written)
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
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
        answeredEarly = true
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
