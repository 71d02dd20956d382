import Foundation
import PetSpotRoutes

/// The CSS, JavaScript and images shipped with PetSpotWeb, read once, each with a version drawn from
/// its content: pages link `/static/<name>?v=<version>`, so a browser may keep a file for a year and
/// still gets a changed one at once.
public enum StaticFiles {
    public struct File: Sendable {
        public let data: Data
        public let contentType: String
        public let version: String
    }

    public static let all: [String: File] = {
        let types = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png"]
        guard let directory = PageRenderer.staticDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [:] }
        var files: [String: File] = [:]
        for name in names {
            guard let type = types[URL(fileURLWithPath: name).pathExtension],
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
            else { continue }
            files[name] = File(data: data, contentType: type, version: fingerprint(data))
        }
        return files
    }()

    public static func version(of name: String) -> String { all[name]?.version ?? "0" }

    /// The link to a file: its path and its version, so a changed file is a new link.
    public static func path(of name: String) -> String { WebRoute.asset(name).path + "?v=\(version(of: name))" }

    /// FNV-1a, 64 bits, as 16 hex digits: enough to tell versions of one file apart.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
