import Foundation

/// The keys that sign requests, from the usual environment variables (never from the command line).
public struct S3Credentials: Sendable, Equatable {
    public let accessKeyID: String
    public let secretAccessKey: String
    public let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and, if set, `AWS_SESSION_TOKEN`.
    public static func fromEnvironment(_ environment: [String: String]) -> S3Credentials? {
        guard let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty,
            let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
        else { return nil }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: token)
    }
}

/// Where the objects live: an endpoint, a bucket, a key prefix, a region and the addressing style.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    /// Prepended to every key, ending with `/` unless empty.
    public var prefix: String
    public var endpoint: URL
    public var region: String
    /// `http://host/bucket/key` (MinIO, Ceph, moto) instead of `http://bucket.host/key`.
    public var pathStyle: Bool
    /// AWS's first region: where a bucket is when nobody says otherwise, and the one whose bucket
    /// creation takes no location constraint.
    public static let defaultRegion = "us-east-1"

    public init(bucket: String, prefix: String = "", endpoint: URL? = nil, region: String = defaultRegion, pathStyle: Bool = false) {
        self.bucket = bucket
        self.prefix = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
        self.region = region
        self.endpoint = endpoint ?? URL(string: "https://s3.\(region).amazonaws.com")!
        self.pathStyle = pathStyle
    }

    /// `s3://bucket/optional/prefix`; nil for anything else, or a bucket name S3 would refuse.
    public static func parse(_ text: String) -> (bucket: String, prefix: String)? {
        guard text.hasPrefix("s3://") else { return nil }
        let rest = text.dropFirst(5)
        let bucket = String(rest.prefix { $0 != "/" })
        let prefix = String(rest.dropFirst(bucket.count).drop { $0 == "/" })
        let allowed = bucket.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        guard (3...63).contains(bucket.count), allowed, !prefix.contains("//"), !prefix.contains("..") else { return nil }
        return (bucket, prefix)
    }

    /// The host and encoded path of a key (the bucket itself when `key` is nil).
    func target(_ key: String?) -> (host: String, path: String, url: String) {
        var host = endpoint.host ?? "localhost"
        if let port = endpoint.port { host += ":\(port)" }
        let base = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        let encodedKey = key.map { "/" + SigV4.encode(prefix + $0, keepSlash: true) } ?? "/"
        let scheme = endpoint.scheme ?? "https"
        if pathStyle {
            let path = base + "/\(bucket)" + (key == nil ? "/" : encodedKey)
            return (host, path, "\(scheme)://\(host)\(path)")
        }
        let virtualHost = "\(bucket).\(host)"
        let path = base + encodedKey
        return (virtualHost, path, "\(scheme)://\(virtualHost)\(path)")
    }

    public var description: String {
        "s3://\(bucket)/\(prefix) at \(endpoint.absoluteString)\(pathStyle ? " (path-style)" : "")"
    }
}
