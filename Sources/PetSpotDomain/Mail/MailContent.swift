import Foundation

/// One e-mail: a subject and the same message as plain text and as HTML.
public struct MailContent: Codable, Sendable, Equatable {
    public var to: String
    public var subject: String
    public var text: String
    public var html: String
    /// Where replies go (a relayed message: its sender), when not to PetSpot.
    public var replyTo: String?
    /// A one-click unsubscribe URL (RFC 8058): `List-Unsubscribe` and `List-Unsubscribe-Post` headers.
    public var listUnsubscribe: String?

    public init(to: String, subject: String, text: String, html: String, replyTo: String? = nil) {
        self.replyTo = replyTo
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
    }
}

/// HTML escaping for text put into markup by hand.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
