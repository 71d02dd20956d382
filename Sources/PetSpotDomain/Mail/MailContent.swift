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

/// HTML escaping (`< > & " '`), for mail written by hand and for every value the web's templates show.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var result = ""
        append(escaping: text, to: &result)
        return result
    }

    /// Appends `text`, escaped, with a fast path for text that needs none.
    public static func append(escaping text: String, to output: inout String) {
        // The check runs for every value on every page: over the contiguous bytes, not the UTF-8 view.
        var text = text
        guard text.withUTF8({ $0.contains { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 } }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "&": output += "&amp;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
