import Foundation

/// A message in the mailbox folder, read back for `petspot mailbox` and the tests.
public struct MailboxMessage: Sendable, Equatable {
    public var file: URL
    public var date: String
    public var to: String
    public var subject: String
    public var messageID: String
    /// `Reply-To`, when the message has one (a relayed message: its sender).
    public var replyTo: String?
    /// `List-Unsubscribe` and `List-Unsubscribe-Post`, when the message has them (an alert).
    public var listUnsubscribe: String?
    public var listUnsubscribePost: String?
    /// The decoded text/plain part.
    public var text: String
    /// The decoded text/html part.
    public var html: String

    /// Reads the messages in `<dataDirectory>/mailbox`, oldest first.
    public static func all(in dataDirectory: URL) throws -> [MailboxMessage] {
        let directory = dataDirectory.appendingPathComponent("mailbox", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "eml" && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { try parse(String(decoding: Data(contentsOf: $0), as: UTF8.self), file: $0) }
    }

    /// Reads one message as `MIMEMessage` writes them.
    public static func parse(_ raw: String, file: URL) -> MailboxMessage {
        let normalized = raw.replacingOccurrences(of: "\r\n", with: "\n")
        let (head, body) = split(normalized)
        let headers = Dictionary(
            head.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
        func part(_ type: String) -> String {
            body.components(separatedBy: "\n--").first { $0.contains("Content-Type: \(type)") }.map { section in
                let encoded = split(section).body.filter { !$0.isWhitespace }
                return Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? ""
            } ?? ""
        }
        return MailboxMessage(
            file: file, date: headers["date"] ?? "", to: headers["to"] ?? "",
            subject: decodeWord(headers["subject"] ?? ""), messageID: headers["message-id"] ?? "",
            replyTo: headers["reply-to"], listUnsubscribe: headers["list-unsubscribe"],
            listUnsubscribePost: headers["list-unsubscribe-post"], text: part("text/plain"), html: part("text/html"))
    }

    private static func split(_ text: String) -> (head: String, body: String) {
        guard let range = text.range(of: "\n\n") else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// Decodes one `=?UTF-8?B?…?=` word; other text stays as it is.
    static func decodeWord(_ text: String) -> String {
        guard text.hasPrefix("=?UTF-8?B?"), text.hasSuffix("?="),
            let data = Data(base64Encoded: String(text.dropFirst(10).dropLast(2)))
        else { return text }
        return String(decoding: data, as: UTF8.self)
    }
}
