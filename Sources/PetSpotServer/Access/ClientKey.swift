import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
