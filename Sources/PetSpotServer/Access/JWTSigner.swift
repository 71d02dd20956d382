import Crypto
import Foundation
import NIOCore

/// HS256 tokens with the contract's payload `{"userId", "iat", "exp"}` and a one-hour lifetime.
public struct JWTSigner: Sendable {
    public static let lifetime: TimeInterval = 3600
    private let secret: Data

    public init(secret: String) { self.secret = Data(secret.utf8) }

    public func token(userID: String, now: Date = Date()) -> String {
        let iat = Int(now.timeIntervalSince1970)
        let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        // Written in the contract's order (a dictionary would sort or shuffle the claims).
        var payload = ByteBuffer(staticString: "{\"userId\":")
        JSONText.string(userID, &payload)
        payload.writeString(",\"iat\":\(iat),\"exp\":\(iat + Int(Self.lifetime))}")
        let signingInput = header + "." + Base64URL.encode(Data(payload.readableBytesView))
        return signingInput + "." + signature(signingInput)
    }

    /// The user id of a valid, unexpired token signed with this key; nil otherwise.
    public func verify(_ token: String, now: Date = Date()) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, ConstantTime.equal(signature("\(parts[0]).\(parts[1])"), String(parts[2])),
            let payload = Base64URL.decode(String(parts[1])),
            let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
            let userID = object["userId"] as? String, let exp = object["exp"] as? Int,
            Double(exp) > now.timeIntervalSince1970
        else { return nil }
        return userID
    }

    private func signature(_ input: String) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: secret))))
    }
}

enum Base64URL {
    /// Byte by byte (Foundation's `replacingOccurrences` three times was most of a list page's cursor).
    static func encode(_ data: Data) -> String {
        String(
            decoding: data.base64EncodedData().compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "+"): UInt8(ascii: "-")
                case UInt8(ascii: "/"): UInt8(ascii: "_")
                case UInt8(ascii: "="): nil
                default: byte
                }
            }, as: UTF8.self)
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        base64 += repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: Data(base64))
    }
}
