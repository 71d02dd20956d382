import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// How long a connection may stay silent or slow before the server closes it, so silent and slow
/// sockets cannot hold connections open: `idle` while no request is under way, `header` from a
/// request's first byte to the end of its head (not reset by more bytes), `body` for the longest pause
/// while its body is read (each byte resets it, so a large upload at any steady pace finishes), and a
/// whole body's deadline (`bodyDeadline`), so a body trickled a byte at a time cannot hold its
/// connection for long.
public struct ConnectionTimeouts: Sendable, Equatable {
    public var idle: Duration = .seconds(60)
    public var header: Duration = .seconds(20)
    public var body: Duration = .seconds(30)
    public var bodyTotal: Duration = .seconds(300)

    public init() {}

    /// The slowest pace a declared body is given time for (a weak mobile signal), and the time every body has.
    static let slowestPace = 16 * 1024, bodyGrace: Duration = .seconds(10)

    /// A whole body's deadline: `bodyGrace` plus a second for each `slowestPace` bytes its
    /// Content-Length declares, at most `bodyTotal` (which a body of undeclared length gets): a 5 KB
    /// form has 10 s, not the minutes a large photo may need.
    func bodyDeadline(declaring bytes: Int?) -> Duration {
        guard let bytes, bytes >= 0 else { return bodyTotal }
        return min(bodyTotal, Self.bodyGrace + .seconds(Double(bytes) / Double(Self.slowestPace)))
    }
}

/// HTTP/1.1 with `ConnectionTimeouts`: Hummingbird's HTTP1 channel with a byte watcher before the HTTP
/// decoder and a request watcher after it, sharing one clock per connection.
struct TimedHTTP1Channel: ServerChildChannel {
    let base: HTTP1Channel
    let timeouts: ConnectionTimeouts
    let admission: ConnectionAdmission

    /// The `Server` header of every answer.
    static let serverName = "PetSpot"

    /// `early`, when given, answers what it can before the router (`EarlyAnswerHandler`).
    static func builder(_ timeouts: ConnectionTimeouts, admission: ConnectionAdmission, early: EarlyAnswers?) -> HTTPServerBuilder {
        // The handlers are made for each connection (the argument is an autoclosure).
        HTTPServerBuilder { responder in
            TimedHTTP1Channel(
                base: HTTP1Channel(
                    responder: responder,
                    configuration: .init(additionalChannelHandlers: [RequestWatcher()] + (early.map { [EarlyAnswerHandler(answers: $0)] } ?? []))),
                timeouts: timeouts, admission: admission)
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

/// One connection's phase and its one timer; used on the channel's event loop only. A phase change only
/// moves the deadline: the timer is armed at most the shortest limit ahead, so it never has to be moved
/// earlier, and when it fires before the deadline it re-arms itself (a busy keep-alive connection costs
/// a timer every few seconds, not four per request).
final class ConnectionClock {
    enum Phase { case idle, head, body, responding }
    private(set) var phase = Phase.idle
    /// When the current phase's limit runs out; nil while the server answers.
    private var deadline: NIODeadline?
    /// The whole body's deadline, set when its head ends.
    private var bodyDeadline: NIODeadline?
    private var timer: Scheduled<Void>?
    let timeouts: ConnectionTimeouts
    private let shortest: TimeAmount

    init(_ timeouts: ConnectionTimeouts) {
        self.timeouts = timeouts
        shortest = Self.amount(min(timeouts.idle, timeouts.header, timeouts.body, timeouts.bodyTotal))
    }

    /// Moves to `phase`; a body's whole deadline follows from the bytes its head `declared`.
    func enter(_ phase: Phase, channel: any Channel, declared: Int? = nil) {
        let now = NIODeadline.now()
        if phase != .body { bodyDeadline = nil }
        if phase == .body, self.phase != .body { bodyDeadline = now + Self.amount(timeouts.bodyDeadline(declaring: declared)) }
        self.phase = phase
        let limit: Duration? =
            switch phase {
            case .idle: timeouts.idle
            case .head: timeouts.header
            case .body: timeouts.body
            case .responding: nil
            }
        deadline = limit.map { now + Self.amount($0) }
        arm(channel, now: now)
    }

    /// The earliest deadline in force, if any.
    private var due: NIODeadline? {
        switch (deadline, bodyDeadline) {
        case let (phase?, body?): min(phase, body)
        case let (phase, body): phase ?? body
        }
    }

    private func arm(_ channel: any Channel, now: NIODeadline) {
        guard timer == nil, let due else { return }
        timer = channel.eventLoop.scheduleTask(deadline: min(due, now + shortest)) { [weak self] in self?.fire(channel) }
    }

    private func fire(_ channel: any Channel) {
        timer = nil
        let now = NIODeadline.now()
        if let due, due <= now {
            channel.close(promise: nil)
        } else {
            arm(channel, now: now)
        }
    }

    private static func amount(_ limit: Duration) -> TimeAmount {
        .nanoseconds(limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000)
    }

    func stop() {
        timer?.cancel()
        timer = nil
        deadline = nil
        bodyDeadline = nil
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
