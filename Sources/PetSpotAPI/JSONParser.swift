import Foundation

/// A strict RFC 8259 parser with a nesting limit, so that no body can exhaust the stack.
public struct JSONParser {
    public struct Failure: Error, Equatable {
        public let offset: Int
    }

    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    public static func parse<Bytes: Collection>(_ data: Bytes) throws -> JSONValue where Bytes.Element == UInt8 {
        var parser = JSONParser(bytes: Array(data))
        // A leading byte order mark is read past, as the old backend's body parser did.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw Failure(offset: parser.index) }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < Self.maxDepth, let byte = peek() else { throw fail() }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail() }
            let key = try parseString()
            skipWhitespace()
            guard next() == UInt8(ascii: ":") else { throw fail() }
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(members)
            default: throw fail()
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .array(elements)
            default: throw fail()
            }
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() throws {
            guard !run.isEmpty else { return }
            guard let text = String(validating: run, as: UTF8.self) else { throw Failure(offset: index) }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw fail()
            default:
                run.append(byte)
            }
        }
        throw fail()
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
        switch next() {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else { throw fail() }
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail() }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail() }
            return scalar
        default: throw fail()
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next(), let digit = hexValue(byte) else { throw fail() }
            value = value << 4 | digit
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; a value too large for a Double fails.
    private mutating func parseNumber() throws -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw fail() }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let d = peek(), isDigit(d) else { throw fail() }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let d = peek(), isDigit(d) else { throw fail() }
            skipDigits()
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw Failure(offset: start)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private mutating func skipDigits() { while let b = peek(), isDigit(b) { index += 1 } }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 { guard next() == byte else { throw fail() } }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    private mutating func next() -> UInt8? {
        defer { index += 1 }
        return peek()
    }
    private mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }
    private func fail() -> Failure { Failure(offset: index) }
}
