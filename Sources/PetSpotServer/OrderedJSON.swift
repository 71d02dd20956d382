import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI

/// An answer written with its keys in the contract's order (Foundation's `JSONEncoder` on Linux does
/// not keep declaration order); the strings and numbers are written by `JSONText`.
protocol OrderedJSON {
    func write(into buffer: inout ByteBuffer)
}

extension OrderedJSON {
    /// `{"k1":v1,"k2":v2}` from writers of each value, in order; nil values are left out.
    static func object(_ members: [(String, ((inout ByteBuffer) -> Void)?)], into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{")
        var first = true
        for (key, value) in members {
            guard let value else { continue }
            if !first { buffer.writeStaticString(",") }
            first = false
            JSONText.string(key, &buffer)
            buffer.writeStaticString(":")
            value(&buffer)
        }
        buffer.writeStaticString("}")
    }

    static func text(_ value: String?) -> (inout ByteBuffer) -> Void { { JSONText.string(value, &$0) } }
    static func number(_ value: Double) -> (inout ByteBuffer) -> Void { { JSONText.number(value, &$0) } }
}

/// JSON's strings and numbers, written straight into a buffer.
enum JSONText {
    /// The shortest round-tripping form, spelt as the published apps' backend (JavaScript) spelt it: a
    /// whole number without `.0` (`90`, not `90.0`), an exponent without leading zeros (`1e-7`, not
    /// `1e-07`). JSON has no NaN or infinity, so those become null.
    static func number(_ value: Double, _ buffer: inout ByteBuffer) {
        buffer.writeString(spelt(value))
    }

    private static func spelt(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e") else { return text }
        let exponent = text[text.index(after: e)...]
        let digits = exponent.drop { $0 == "-" || $0 == "+" || $0 == "0" }
        return text[...e] + (exponent.first == "-" ? "-" : "+") + (digits.isEmpty ? "0" : digits)
    }

    static func string(_ text: String?, _ buffer: inout ByteBuffer) {
        guard var value = text else {
            buffer.writeStaticString("null")
            return
        }
        buffer.writeStaticString("\"")
        // One pass over the bytes: runs that need no escaping are copied whole.
        value.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == 0x22 || bytes[index] == 0x5C {
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                escape(bytes[index], &buffer)
                start = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        buffer.writeStaticString("\"")
    }

    /// One UTF-8 byte of a string that needs escaping: quote, backslash and control characters.
    static func escape(_ byte: UInt8, _ buffer: inout ByteBuffer) {
        switch byte {
        case 0x22: buffer.writeStaticString("\\\"")
        case 0x5C: buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case ..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            buffer.writeBytes([0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        default: buffer.writeInteger(byte)
        }
    }
}

/// JSON answers: UTF-8, slashes unescaped (`/images/…`), keys in the contract's order (`OrderedJSON`).
enum JSONResponse {
    static func make(_ value: some OrderedJSON, status: HTTPResponse.Status = .ok) -> Response {
        var buffer = ByteBuffer()
        value.write(into: &buffer)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .eTag: etag(of: buffer)],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// The weak ETag Express gives a body: its length in hex and the start of its SHA-1 in base64
    /// (`W/"2-vyGp6PvFo4RvsFtPoIWeCReyIC8"` for `{}`). A GET or HEAD naming it in `If-None-Match` is
    /// answered 304 (`RequestEnvelopeMiddleware.notModified`).
    static func etag(of body: ByteBuffer) -> String {
        let digest = Data(Insecure.SHA1.hash(data: body.readableBytesView)).base64EncodedString()
        return "W/\"\(String(body.readableBytes, radix: 16))-\(digest.prefix(27))\""
    }

    /// The list answer, written without `JSONEncoder` (see `AnnouncementListJSON`), with its `Link` to the
    /// next page; its gzip form when there is one (the client accepts it), and `Vary: Accept-Encoding` always,
    /// so a shared cache keeps the two forms apart.
    static func list(_ body: ByteBuffer, gzipped: ByteBuffer? = nil, link: String? = nil, etag: String) -> EarlyAnswer {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .vary: "Accept-Encoding", .eTag: etag]
        if let link { headers[linkField] = link }
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        return EarlyAnswer(headers: headers, body: gzipped ?? body)
    }

    static let linkField = HTTPField.Name("Link")!
}

extension Response {
    /// An answer made ready in memory, as the router sends it.
    init(_ answer: EarlyAnswer) { self.init(status: .ok, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body)) }
}
