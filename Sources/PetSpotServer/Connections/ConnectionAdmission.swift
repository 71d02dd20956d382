import Foundation
import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Bounds the connections one client may hold open, one network, and all of them together, so slow or
/// silent sockets from a few addresses cannot take the descriptors every other client needs:
/// - a client (an IPv4 address or an IPv6 /64, `ClientKey`) holds at most `perClient`;
/// - a network (an IPv4 /24 or an IPv6 /48) holds at most `perNetwork` (4 clients' worth);
/// - the last quarter of `total` is a reserve for newcomers: past three quarters, a client that holds
///   `reserveShare` connections already, or a network that holds 4 times as many, is refused.
/// Over a bound a new connection is answered 503 and closed. Trusted proxies carry many clients and are
/// counted only in the total.
final class ConnectionAdmission: Sendable {
    let perClient: Int
    let total: Int
    let proxies: TrustedProxies
    var perNetwork: Int { 4 * perClient }
    /// Where the reserve starts, and what a client may hold to enter it.
    var reserveFrom: Int { total - total / 4 }
    static let reserveShare = 4
    private let open = NIOLockedValueBox<(total: Int, byKey: [String: Int])>((0, [:]))

    init(perClient: Int, total: Int = ConnectionAdmission.totalFromDescriptorLimit(), proxies: TrustedProxies) {
        self.perClient = perClient
        self.total = total
        self.proxies = proxies
    }

    /// Counts `channel` in, and out again when it closes; false when it is over a bound (not counted).
    func admit(_ channel: any Channel) -> Bool {
        guard let ticket = admit(peer: channel.remoteAddress?.ipAddress ?? "unknown") else { return false }
        channel.closeFuture.whenComplete { _ in self.release(ticket) }
        return true
    }

    /// What one admitted connection counts against: its client and network, or nothing but the total
    /// (a trusted proxy).
    struct Ticket: Sendable {
        let client: String?, network: String?
    }

    /// Counts a connection from `peer` in: the ticket `release` takes back, or nil over a bound.
    func admit(peer: String) -> Ticket? {
        let client = proxies.contains(peer) ? nil : ClientKey.of(peer)
        // Prefixed: an IPv4 client's key never meets a network's. This host's own addresses (127/8, ::1)
        // are no neighbours' network: each is bounded as a client only.
        let network = client.flatMap { Self.isLoopback($0) ? nil : "net " + ClientKey.network(of: $0) }
        let ticket = Ticket(client: client, network: network)
        return open.withLockedValue { state in
            guard state.total < total else { return nil }
            if let client = ticket.client {
                let held = state.byKey[client, default: 0], networkHeld = ticket.network.map { state.byKey[$0, default: 0] } ?? 0
                guard held < perClient, networkHeld < perNetwork else { return nil }
                if state.total >= reserveFrom, held >= Self.reserveShare || networkHeld >= 4 * Self.reserveShare { return nil }
                state.byKey[client] = held + 1
                if let network = ticket.network { state.byKey[network] = networkHeld + 1 }
            }
            state.total += 1
            return ticket
        }
    }

    func release(_ ticket: Ticket) {
        open.withLockedValue { state in
            state.total -= 1
            for key in [ticket.client, ticket.network].compactMap({ $0 }) {
                let count = state.byKey[key, default: 0]
                state.byKey[key] = count > 1 ? count - 1 : nil
            }
        }
    }

    /// True for a client key of this host's own loopback addresses.
    static func isLoopback(_ key: String) -> Bool { key.hasPrefix("127.") || key == "0:0:0:0::/64" }

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
    static let answer =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + "Content-Length: \(body.utf8.count)\r\nRetry-After: 10\r\nConnection: close\r\n\r\n\(body)"

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(NIOAny(ByteBuffer(string: Self.answer))).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
