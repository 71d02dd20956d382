import Foundation

/// A streaming `multipart/form-data` parser: fed chunk by chunk, it reports each part's headers, its body
/// in pieces, and its end. The delimiter search uses `Data.range(of:)`, so large files pass quickly and
/// only a delimiter's length of bytes is ever held back.
struct MultipartStream {
    enum Event {
        case headers([(name: String, value: String)])
        case body(Data)
        case partEnd
    }

    struct Malformed: Error {}

    private enum State { case preamble, headers, body, afterDelimiter, done }

    static let maxHeaderBytes = 16 * 1024
    private let firstDelimiter: Data
    private let delimiter: Data
    private var pending = Data()
    private var state = State.preamble

    init(boundary: String) {
        firstDelimiter = Data("--\(boundary)".utf8)
        delimiter = Data("\r\n--\(boundary)".utf8)
    }

    /// True once the closing delimiter was read.
    var isComplete: Bool { state == .done }
    /// True while a part has started and not ended.
    var isInsidePart: Bool { state == .headers || state == .body }

    mutating func feed(_ chunk: Data, _ emit: (Event) throws -> Void) throws {
        pending.append(chunk)
        while try step(emit) {}
    }

    /// Advances by one state; false when more input is needed.
    private mutating func step(_ emit: (Event) throws -> Void) throws -> Bool {
        switch state {
        case .preamble:
            guard let range = pending.range(of: firstDelimiter) else {
                if pending.count > Self.maxHeaderBytes { throw Malformed() }
                return false
            }
            consume(upTo: range.upperBound)
            state = .afterDelimiter
            return true
        case .afterDelimiter:
            guard pending.count >= 2 else { return false }
            let marker = pending.prefix(2)
            if marker == Data("--".utf8) { state = .done; pending = Data(); return false }
            guard marker == Data("\r\n".utf8) else { throw Malformed() }
            consume(upTo: pending.startIndex + 2)
            state = .headers
            return true
        case .headers:
            guard let end = pending.range(of: Data("\r\n\r\n".utf8)) else {
                if pending.count > Self.maxHeaderBytes { throw Malformed() }
                return false
            }
            let block = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
            consume(upTo: end.upperBound)
            try emit(.headers(try Self.parseHeaders(block)))
            state = .body
            return true
        case .body:
            if let range = pending.range(of: delimiter) {
                if range.lowerBound > pending.startIndex { try emit(.body(pending[pending.startIndex..<range.lowerBound])) }
                consume(upTo: range.upperBound)
                try emit(.partEnd)
                state = .afterDelimiter
                return true
            }
            // Everything but a possible start of the delimiter can go out now.
            let keep = min(pending.count, delimiter.count - 1)
            let cut = pending.endIndex - keep
            if cut > pending.startIndex {
                try emit(.body(pending[pending.startIndex..<cut]))
                consume(upTo: cut)
            }
            return false
        case .done:
            pending = Data()
            return false
        }
    }

    private mutating func consume(upTo index: Data.Index) {
        pending = pending.subdata(in: index..<pending.endIndex)
    }

    private static func parseHeaders(_ block: String) throws -> [(name: String, value: String)] {
        guard !block.isEmpty else { return [] }
        return try block.components(separatedBy: "\r\n").map { line in
            guard let colon = line.firstIndex(of: ":") else { throw Malformed() }
            return (
                line[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
    }
}
