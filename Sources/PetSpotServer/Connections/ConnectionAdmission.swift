import Foundation
import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Bounds the connections one client may hold open, and all of them together (issue 24 item 6): slow
/// or silent sockets from one client (an IPv4 address or an IPv6 /64, `ClientKey`) cannot take the
/// descriptors every other client needs. Over either bound a new connection is answered 503 and closed.
/// Trusted proxies carry many clients and are counted only in the total.
final class ConnectionAdmission: Sendable {
    let perClient: Int
    let total: Int
    let proxies: TrustedProxies
    private let open = NIOLockedValueBox<(total: Int, byClient: [String: Int])>((0, [:]))

    init(perClient: Int, total: Int = ConnectionAdmission.totalFromDescriptorLimit(), proxies: TrustedProxies) {
        self.perClient = perClient
        self.total = total
        self.proxies = proxies
    }

    /// Counts `channel` in, and out again when it closes; false when it is over a bound (not counted).
    func admit(_ channel: any Channel) -> Bool {
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        let client = proxies.contains(peer) ? nil : ClientKey.of(peer)
        let admitted = open.withLockedValue { state in
            guard state.total < total else { return false }
            if let client {
                guard state.byClient[client, default: 0] < perClient else { return false }
                state.byClient[client, default: 0] += 1
            }
            state.total += 1
            return true
        }
        guard admitted else { return false }
        channel.closeFuture.whenComplete { _ in self.release(client) }
        return true
    }

    private func release(_ client: String?) {
        open.withLockedValue { state in
            state.total -= 1
            guard let client, let count = state.byClient[client] else { return }
            state.byClient[client] = count > 1 ? count - 1 : nil
        }
    }

    /// Open connections now, all clients together.
    var openConnections: Int { open.withLockedValue { $0.total } }

    /// Half the descriptors the process may open, less a reserve for the database, logs and children:
    /// an upload holds two (its socket and its temporary file).
    static func totalFromDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 4096 }
        let descriptors = Int(clamping: min(limit.rlim_cur, 1 << 20))
        return max(16, (descriptors - 128) / 2)
    }
}

/// Answers a refused connection with a 503 as soon as it opens, then closes it.
final class ConnectionRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    static let body = "Too many connections are open; retry in a moment.\n"
    static let answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + "Content-Length: \(body.utf8.count)\r\nRetry-After: 10\r\nConnection: close\r\n\r\n\(body)"

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(NIOAny(ByteBuffer(string: Self.answer))).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
