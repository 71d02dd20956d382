import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ServiceLifecycle

/// The connection pool `PostgresStore` leases from, and how it tells an outage from load.
///
/// PostgresNIO's pool retries a lost database with a growing back-off (up to a minute), so after an
/// outage the first answer could come long after the database was back. When the database answers
/// again while the pool still cannot lend a connection, the pool is replaced by a fresh one (`renew`);
/// the stale one is stopped a little later, once what it still lent has had time to finish.
public final class PostgresPools: Service, @unchecked Sendable {
    private let make: @Sendable () -> PostgresClient
    private let host: String
    private let port: Int
    private let logger: Logger
    private let lock = NSLock()
    private var current: PostgresClient
    private var lastProbe: (at: ContinuousClock.Instant, answering: Bool)?
    private var probeWaiters: [CheckedContinuation<Bool, Never>]?
    private var runs: [ObjectIdentifier: Task<Void, Never>] = [:]
    /// The first pool, then each one that replaces it: `run()` runs each.
    private let (pools, added) = AsyncStream.makeStream(of: PostgresClient.self)

    /// How long a stale pool keeps running after it was replaced.
    static let staleGrace: Duration = .seconds(30)
    /// How long one probe's answer stands for every request that asks.
    static let probeValidity: Duration = .seconds(1)
    /// How long a "not answering" stands for requests that have not waited yet: they fail at once.
    static let downValidity: Duration = .seconds(3)
    /// How long the database has to answer a probe (a connection and one byte).
    static let probeDeadline: Duration = .seconds(2)

    init(host: String, port: Int, logger: Logger, make: @escaping @Sendable () -> PostgresClient) {
        self.make = make
        self.host = host
        self.port = port
        self.logger = logger
        current = make()
        added.yield(current)
    }

    /// The pool requests lease from now.
    public var client: PostgresClient { lock.withLock { current } }

    /// Runs the pool, and each pool that replaces it, until cancelled or shut down gracefully.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for await pool in pools.cancelOnGracefulShutdown() {
                let running = Task { await pool.run() }
                lock.withLock { runs[ObjectIdentifier(pool)] = running }
                group.addTask {
                    await withTaskCancellationHandler {
                        await running.value
                    } onCancel: {
                        running.cancel()
                    }
                }
            }
            lock.withLock { runs.values }.forEach { $0.cancel() }
        }
    }

    /// Replaces `stale` by a fresh pool, unless it was already replaced; returns the pool to use now.
    func renew(_ stale: PostgresClient) -> PostgresClient {
        let (fresh, isNew) = lock.withLock { () -> (PostgresClient, Bool) in
            guard current === stale else { return (current, false) }
            current = make()
            return (current, true)
        }
        guard isNew else { return fresh }
        logger.notice("PostgreSQL answers again: a fresh connection pool replaces the one still backing off")
        added.yield(fresh)
        Task {
            try? await Task.sleep(for: Self.staleGrace)
            lock.withLock { runs.removeValue(forKey: ObjectIdentifier(stale)) }?.cancel()
        }
        return fresh
    }

    /// True while the last probe, a moment ago, found the database not answering: a request fails at
    /// once instead of waiting for what just failed.
    var isKnownDown: Bool {
        lock.withLock {
            guard let last = lastProbe, !last.answering else { return false }
            return last.at.duration(to: .now) < Self.downValidity
        }
    }

    /// True when the database answers a probe (`answersSSLRequest`) within `probeDeadline`: a server
    /// that refuses connections, cannot be reached or accepts the socket but never answers (a frozen
    /// process) is not answering. One probe at a time; its answer stands for `probeValidity`.
    func isAnswering() async -> Bool {
        await withCheckedContinuation { (answer: CheckedContinuation<Bool, Never>) in
            enum Next { case answer(Bool), wait, probe }
            let next: Next = lock.withLock {
                if let last = lastProbe, last.at.duration(to: .now) < Self.probeValidity { return .answer(last.answering) }
                if probeWaiters != nil {
                    probeWaiters?.append(answer)
                    return .wait
                }
                probeWaiters = [answer]
                return .probe
            }
            switch next {
            case .answer(let answering): answer.resume(returning: answering)
            case .wait: break
            case .probe: Task { await self.probe() }
            }
        }
    }

    private func probe() async {
        let answering = await Self.answersSSLRequest(host: host, port: port, within: Self.probeDeadline)
        let waiters = lock.withLock { () -> [CheckedContinuation<Bool, Never>] in
            lastProbe = (.now, answering)
            defer { probeWaiters = nil }
            return probeWaiters ?? []
        }
        waiters.forEach { $0.resume(returning: answering) }
    }

    /// Asks the server at `host:port` whether it speaks TLS (PostgreSQL's SSLRequest) and waits for its
    /// one-byte answer: a PostgreSQL that takes connections answers at once, before any authentication
    /// and whatever its load; one that refuses, cannot be reached or is frozen does not.
    static func answersSSLRequest(host: String, port: Int, within deadline: Duration) async -> Bool {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let wait = TimeAmount.milliseconds(Int64(deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000))
        let outcome = ProbeOutcome(loop.makePromise(of: Bool.self))
        let timer = loop.scheduleTask(in: wait) { outcome.settle(false) }
        ClientBootstrap(group: loop).connectTimeout(wait)
            .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(FirstByte(outcome)) } }
            .connect(host: host, port: port)
            .whenComplete { result in
                switch result {
                case .success(let channel): outcome.adopt(channel)
                case .failure: outcome.settle(false)
                }
            }
        let answering = (try? await outcome.promise.futureResult.get()) ?? false
        timer.cancel()
        return answering
    }
}

/// One probe's result, settled once; used on its event loop only.
private final class ProbeOutcome: @unchecked Sendable {
    let promise: EventLoopPromise<Bool>
    private var channel: (any Channel)?
    private var settled = false

    init(_ promise: EventLoopPromise<Bool>) { self.promise = promise }

    /// The connection is open: ask (SSLRequest: length 8, code 80877103), unless the probe is over.
    func adopt(_ channel: any Channel) {
        guard !settled else { return channel.close(promise: nil) }
        self.channel = channel
        channel.writeAndFlush(ByteBuffer(bytes: [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F]), promise: nil)
    }

    func settle(_ answering: Bool) {
        guard !settled else { return }
        settled = true
        channel?.close(promise: nil)
        promise.succeed(answering)
    }
}

/// Settles the probe on the server's first byte, or as not answering when the connection ends first.
private final class FirstByte: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let outcome: ProbeOutcome

    init(_ outcome: ProbeOutcome) { self.outcome = outcome }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { outcome.settle(true) }
    func channelInactive(context: ChannelHandlerContext) { outcome.settle(false) }
    func errorCaught(context: ChannelHandlerContext, error: any Error) { outcome.settle(false) }
}
