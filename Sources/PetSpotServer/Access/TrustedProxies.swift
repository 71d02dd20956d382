import Foundation
import Hummingbird
import HTTPTypes

/// The reverse proxies whose `X-Forwarded-For` tells the real client address (`--trusted-proxy`). Off by
/// default: then the peer address is the client, and the header, which anyone can send, is ignored.
public struct TrustedProxies: Sendable, Equatable {
    /// IPv4 or IPv6 networks, as (address bytes, prefix length).
    let networks: [(bytes: [UInt8], prefix: Int)]

    public static let none = TrustedProxies(networks: [])

    /// A comma-separated list of addresses or CIDR networks: `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`.
    public init(_ text: String) throws {
        var networks: [(bytes: [UInt8], prefix: Int)] = []
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let parts = item.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(parts[0]) else { throw ConfigurationError.invalidTrustedProxy(item) }
            let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let prefix, (0...bytes.count * 8).contains(prefix) else { throw ConfigurationError.invalidTrustedProxy(item) }
            networks.append((bytes, prefix))
        }
        self.networks = networks
    }

    private init(networks: [(bytes: [UInt8], prefix: Int)]) { self.networks = networks }

    public static func == (lhs: TrustedProxies, rhs: TrustedProxies) -> Bool {
        lhs.networks.map { $0.bytes + [UInt8($0.prefix)] } == rhs.networks.map { $0.bytes + [UInt8($0.prefix)] }
    }

    func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address) else { return false }
        return networks.contains { network in
            guard network.bytes.count == bytes.count else { return false }
            for bit in 0..<network.prefix where (network.bytes[bit / 8] ^ bytes[bit / 8]) & (0x80 >> UInt8(bit % 8)) != 0 {
                return false
            }
            return true
        }
    }

    /// The client of a request from `peer`: the peer itself unless it is a trusted proxy; then the
    /// right-most `X-Forwarded-For` entry that is not a trusted proxy (entries to its left are the
    /// client's own claims and could be forged).
    func client(peer: String, forwardedFor: [String]) -> String {
        guard contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { Self.plain($0.trimmingCharacters(in: .whitespaces)) }
        for hop in hops.reversed() where !contains(hop) {
            return Self.bytes(hop) == nil ? peer : hop
        }
        return hops.first.flatMap { Self.bytes($0) == nil ? nil : $0 } ?? peer
    }

    /// The `ClientKey` of a request from `peer` (whose own key is `peerKey`): the peer's, or, behind a
    /// trusted proxy, the forwarded client's.
    func clientKey(peer: String, peerKey: String, forwardedFor: [String]) -> String {
        networks.isEmpty ? peerKey : ClientKey.of(client(peer: peer, forwardedFor: forwardedFor))
    }

    /// An address as proxies write it, made plain: `[2001:db8::1]` and `[2001:db8::1]:443` without the
    /// brackets and port, `fe80::1%eth0` without the zone, `203.0.113.7:8080` without the port. Every
    /// spelling of one client is one client (`ClientKey` then keys it), never the proxy's own budget.
    static func plain(_ hop: String) -> String {
        var text = Substring(hop)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = text[..<colon]
        }
        return String(text.prefix { $0 != "%" })
    }

    static func bytes(_ address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

/// Sets each request's client address, through the trusted proxies.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let proxies: TrustedProxies
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !proxies.networks.isEmpty else { return try await next(request, context) }
        var context = context
        context.clientAddress = proxies.clientKey(
            peer: context.peerAddress, peerKey: context.clientAddress, forwardedFor: request.headers[values: Self.forwardedFor])
        return try await next(request, context)
    }
}
