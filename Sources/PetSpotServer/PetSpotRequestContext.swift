import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
#if canImport(Glibc)
import Glibc
#endif

/// The per-request context: Hummingbird's core storage, the request id every answer carries and the
/// client's address for per-client limits.
public struct PetSpotRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// 10 characters from `A–Z a–z 0–9`, sent back as the `request-id` header and in error bodies.
    public let requestID: String
    /// The peer's IP address as the socket reports it (a trusted proxy's, behind one).
    public let peerAddress: String
    /// The client, as per-client limits count it (`ClientKey`: an IPv4 address or an IPv6 /64): the
    /// peer's, or the one a trusted proxy forwarded (`ClientAddressMiddleware`); "unknown" in in-process tests.
    public var clientAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        requestID = RequestIdentifier.make()
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        clientAddress = ClientKey.of(peerAddress)
    }

    /// Uploads stream to disk in their own handler; everything else is read with an explicit cap.
    public var maxUploadSize: Int { 25 * 1024 * 1024 }
}

/// Request ids as the contract makes them.
enum RequestIdentifier {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// Ten characters from one 64-bit random number (62¹⁰ < 2⁶⁴): one system call, not ten.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bits: UInt64 = generator.next()
        var id = ""
        for _ in 0..<10 {
            id.append(alphabet[Int(bits % 62)])
            bits /= 62
        }
        return id
    }
}

/// Reads JSON bodies with the contract's rules: `application/json` only (anything else counts as no
/// body), at most 100 KB (413), strict JSON (malformed → 400).
enum RequestBodyReader {
    static let maxJSONBytes = 100 * 1024

    static func json(_ request: Request) async throws -> JSONValue? {
        let bytes = try await collect(request, limit: maxJSONBytes)
        guard isJSON(request.headers[.contentType]), !bytes.isEmpty else { return nil }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw APIError.badRequest(.invalidFormat, "Request body is not valid JSON")
        }
    }

    static func collect(_ request: Request, limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in request.body {
            guard bytes.count + chunk.readableBytes <= limit else { throw APIError.jsonTooLarge }
            bytes += chunk.readableBytesView
        }
        return bytes
    }

    /// `application/json`, optionally with `charset=utf-8`; another charset is refused outright.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard parts.first == "application/json" else { return false }
        return parts.dropFirst().allSatisfy { !$0.hasPrefix("charset=") || $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" }
    }
}

/// The key every per-client limit counts under. One client is one IPv4 address or
/// one IPv6 /64: a home or mobile IPv6 line is handed a whole /64 and can pick any address in it, so
/// counting full IPv6 addresses would give each guess a fresh budget. An IPv4-mapped IPv6 address is
/// its IPv4 address; every spelling of one address gives one key.
public enum ClientKey {
    /// The key of `address` (an IPv4 or IPv6 address in any spelling); anything else is kept as it is.
    public static func of(_ address: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return canonical(v4) }
        var v6 = in6_addr()
        let bare = address.hasPrefix("[") && address.hasSuffix("]") ? String(address.dropFirst().dropLast()) : address
        // A zone (`fe80::1%eth0`) names an interface, not another client.
        let unzoned = String(bare.prefix { $0 != "%" })
        guard inet_pton(AF_INET6, unzoned, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The wider network a client key belongs to, for evidence that must come from independent places
    /// (flags that hold a report): an IPv4 /24 (`192.0.2.0/24`) or an IPv6 /48 (`2001:db8:1::/48`), the
    /// most one home or office line gets. Anything else is kept as it is.
    public static func network(of key: String) -> String {
        if key.hasSuffix("::/64") {
            let groups = key.dropLast(5).split(separator: ":")
            return groups.count == 4 ? groups.prefix(3).joined(separator: ":") + "::/48" : key
        }
        let octets = key.split(separator: ".")
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return key }
        return octets.prefix(3).joined(separator: ".") + ".0/24"
    }

    private static func canonical(_ address: in_addr) -> String {
        withUnsafeBytes(of: address) { $0.map(String.init).joined(separator: ".") }
    }
}
