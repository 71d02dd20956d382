import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 GET over a loopback socket, cheap enough to poll every millisecond.
enum HTTPProbe {
    /// True when 127.0.0.1:`port` answers `GET path` with status 200.
    static func isOK(port: Int, path: String) -> Bool {
        guard let answer = exchange(port: port, path: path, limit: 64) else { return false }
        return String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200")
    }

    /// The body of `GET path` on 127.0.0.1:`port` (up to 64 KiB), or nil.
    static func get(port: Int, path: String) -> String? {
        guard let answer = exchange(port: port, path: path, limit: 65_536) else { return nil }
        let text = String(decoding: answer, as: UTF8.self)
        return text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) }
    }

    /// What a PetSpot server's background jobs have done so far: the sum of its
    /// `petspot_background_items_total` series at `/metrics` (0 for a server without them).
    static func backgroundItems(port: Int) -> Int {
        let lines = (get(port: port, path: "/metrics") ?? "").split(separator: "\n")
        return lines.filter { $0.hasPrefix("petspot_background_items_total") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0) { $0 + Int($1) }
    }

    /// Sends `GET path` and reads the answer's first `limit` bytes or so; nil when nothing answers.
    private static func exchange(port: Int, path: String, limit: Int) -> [UInt8]? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        guard request.withCString({ send(fd, $0, strlen($0), 0) }) > 0 else { return nil }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: min(limit, 8192))
        while received.count < limit {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received.count > 12 ? received : nil
    }

    /// A free loopback port picked by the kernel.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length); return getsockname(fd, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
