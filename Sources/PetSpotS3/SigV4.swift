import Crypto
import Foundation

/// AWS Signature Version 4: the `Authorization` header of a request, and presigned URLs. The canonical
/// request is built from the path exactly as it goes on the wire (each segment already encoded by
/// `SigV4.encode`), the query pairs (encoded here, and sent in the same canonical order), the headers
/// to sign and the payload's SHA-256.
public struct SigV4: Sendable {
    public let credentials: S3Credentials
    public let region: String
    public let service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The hex SHA-256 of an empty payload.
    public static let emptyPayloadHash = hex(SHA256.hash(data: [UInt8]()))
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// The `Authorization` value for a request whose headers (host and x-amz-date among them) are all signed.
    public func authorization(
        method: String, path: String, query: [(String, String)], headers: [(String, String)],
        payloadHash: String, date: Date
    ) -> String {
        let (canonical, signed) = Self.canonicalRequest(method: method, path: path, query: query, headers: headers, payloadHash: payloadHash)
        let signature = sign(canonical, date: date)
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), SignedHeaders=\(signed), Signature=\(signature)"
    }

    /// The query of a presigned URL (the `host` header alone signed, the payload unsigned), in the order
    /// it is sent, ending with the signature.
    public func presignedQuery(
        method: String, path: String, host: String, query: [(String, String)] = [],
        expires seconds: Int, date: Date
    ) -> [(String, String)] {
        var pairs =
            query + [
                ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
                ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(date))"),
                ("X-Amz-Date", Self.amzDate(date)),
                ("X-Amz-Expires", String(seconds)),
                ("X-Amz-SignedHeaders", "host"),
            ]
        if let token = credentials.sessionToken { pairs.append(("X-Amz-Security-Token", token)) }
        let (canonical, _) = Self.canonicalRequest(
            method: method, path: path, query: pairs, headers: [("host", host)],
            payloadHash: Self.unsignedPayload)
        return Self.sorted(pairs) + [("X-Amz-Signature", sign(canonical, date: date))]
    }

    func scope(_ date: Date) -> String {
        "\(Self.amzDate(date).prefix(8))/\(region)/\(service)/aws4_request"
    }

    func sign(_ canonicalRequest: String, date: Date) -> String {
        let stringToSign = [
            "AWS4-HMAC-SHA256", Self.amzDate(date), scope(date),
            Self.hex(SHA256.hash(data: Array(canonicalRequest.utf8))),
        ].joined(separator: "\n")
        var key = SymmetricKey(data: Array("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [String(Self.amzDate(date).prefix(8)), region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return Self.hex(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
    }

    static func canonicalRequest(
        method: String, path: String, query: [(String, String)], headers: [(String, String)],
        payloadHash: String
    ) -> (request: String, signedHeaders: String) {
        let folded = Dictionary(
            headers.map { (name, value) in
                (name.lowercased(), value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " "))
            }, uniquingKeysWith: { first, second in "\(first),\(second)" })
        let names = folded.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(folded[$0]!)\n" }.joined()
        let signed = names.joined(separator: ";")
        let request = [method, path.isEmpty ? "/" : path, canonicalQuery(query), canonicalHeaders, signed, payloadHash].joined(separator: "\n")
        return (request, signed)
    }

    /// `a=1&b=2`: each name and value encoded, sorted by name, then value.
    public static func canonicalQuery(_ pairs: [(String, String)]) -> String {
        sorted(pairs).map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    static func sorted(_ pairs: [(String, String)]) -> [(String, String)] {
        pairs.sorted { encode($0.0) == encode($1.0) ? encode($0.1) < encode($1.1) : encode($0.0) < encode($1.0) }
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters (and `/` when `keepSlash`).
    public static func encode(_ text: String, keepSlash: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepSlash:
                out.append("/")
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// `20130524T000000Z`.
    public static func amzDate(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    static func hex<D: Sequence>(_ bytes: D) -> String where D.Element == UInt8 {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
