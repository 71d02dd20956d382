import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// How long a connection may stay silent or slow before the server closes it, so silent and slow
/// sockets cannot hold connections open: `idle` while no request is under way, `header` from a
/// request's first byte to the end of its head (not reset by more bytes), `body` for the longest pause
/// while its body is read (each byte resets it, so a large upload at any steady pace finishes), and
/// `bodyTotal` for a whole body, so a body trickled a byte at a time cannot hold its connection forever.
public struct ConnectionTimeouts: Sendable, Equatable {
    public var idle: Duration = .seconds(60)
    public var header: Duration = .seconds(20)
    public var body: Duration = .seconds(30)
    public var bodyTotal: Duration = .seconds(300)

    public init() {}
}

/// HTTP/1.1 with `ConnectionTimeouts`: Hummingbird's HTTP1 channel with a byte watcher before the HTTP
/// decoder and a request watcher after it, sharing one clock per connection.
struct TimedHTTP1Channel: ServerChildChannel {
    let base: HTTP1Channel
    let timeouts: ConnectionTimeouts
    let admission: ConnectionAdmission

    static func builder(_ timeouts: ConnectionTimeouts, admission: ConnectionAdmission) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            TimedHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: .init(
                additionalChannelHandlers: [RequestWatcher()])), timeouts: timeouts, admission: admission)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ByteWatcher(clock: ConnectionClock(timeouts)), position: .first)
            if !admission.admit(channel) {
                try channel.pipeline.syncOperations.addHandler(ConnectionRefusal(), position: .first)
            }
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// One connection's phase and its one timer; used on the channel's event loop only.
final class ConnectionClock {
    enum Phase { case idle, head, body, responding }
    private(set) var phase = Phase.idle
    private var timer: Scheduled<Void>?
    /// The whole body's deadline, set when its head ends.
    private var bodyDeadline: Scheduled<Void>?
    let timeouts: ConnectionTimeouts

    init(_ timeouts: ConnectionTimeouts) { self.timeouts = timeouts }

    func enter(_ phase: Phase, channel: any Channel) {
        if phase != .body { bodyDeadline?.cancel() }
        if phase == .body, self.phase != .body { bodyDeadline = Self.schedule(timeouts.bodyTotal, on: channel) }
        self.phase = phase
        timer?.cancel()
        let limit: Duration? = switch phase {
        case .idle: timeouts.idle
        case .head: timeouts.header
        case .body: timeouts.body
        case .responding: nil
        }
        guard let limit else { return timer = nil }
        timer = Self.schedule(limit, on: channel)
    }

    private static func schedule(_ limit: Duration, on channel: any Channel) -> Scheduled<Void> {
        let nanoseconds = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
        return channel.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { channel.close(promise: nil) }
    }

    func stop() {
        timer?.cancel()
        bodyDeadline?.cancel()
        timer = nil
    }
}

/// Sees the raw bytes: the first byte of a request starts the header timer; bytes of a body restart
/// the pause timer.
final class ByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    let clock: ConnectionClock

    init(clock: ConnectionClock) { self.clock = clock }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { clock.enter(.idle, channel: context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        clock.enter(.idle, channel: context.channel)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch clock.phase {
        case .idle: clock.enter(.head, channel: context.channel)
        case .body: clock.enter(.body, channel: context.channel)
        case .head, .responding: break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        clock.stop()
        context.fireChannelInactive()
    }
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
        case .head: clock?.enter(.body, channel: context.channel)
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
