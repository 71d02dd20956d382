import Foundation
import HTTPTypes
import Hummingbird

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
