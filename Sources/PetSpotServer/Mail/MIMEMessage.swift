import Foundation
import PetSpotDomain

/// Writes an e-mail as an RFC 5322 message: UTF-8 text and HTML alternatives in base64, the subject as
/// an RFC 2047 encoded word, and a Message-ID made from the outbox entry, so a message sent again after
/// a crash carries the same id and mail systems can drop the copy.
enum MIMEMessage {
    static func render(_ mail: MailContent, from sender: MailAddress, id: String, date: Date) -> String {
        let boundary = "petspot-\(id)"
        let headers =
            [
                "From: \(sender.header)",
                "To: \(MailAddress.addrSpec(mail.to) ?? mail.to)",
            ] + (mail.replyTo.flatMap(MailAddress.addrSpec).map { ["Reply-To: \($0)"] } ?? [])
            + (mail.listUnsubscribe.map { ["List-Unsubscribe: <\($0)>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"] } ?? []) + [
                "Subject: \(encodedWord(mail.subject))",
                "Date: \(rfc5322Date(date))",
                "Message-ID: <\(id)@\(sender.domain)>",
                "MIME-Version: 1.0",
                "Auto-Submitted: auto-generated",
                "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            ]
        let parts = [("text/plain", mail.text), ("text/html", mail.html)].map { type, body in
            "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n\(base64Lines(body))"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + parts.joined(separator: "\r\n") + "\r\n--\(boundary)--\r\n"
    }

    /// `=?UTF-8?B?…?=` when the text is not plain printable ASCII.
    static func encodedWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } && !text.contains("=?")
        return plain ? text : "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }

    static func base64Lines(_ text: String) -> String {
        let encoded = Array(Data(text.utf8).base64EncodedString())
        return stride(from: 0, to: encoded.count, by: 76).map { String(encoded[$0..<min($0 + 76, encoded.count)]) }
            .joined(separator: "\r\n")
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}

/// The sender of PetSpot's mail (`PETSPOT_MAIL_FROM`, `Name <address>` or a bare address).
public struct MailAddress: Sendable, Equatable {
    public var name: String?
    public var address: String

    public static let `default` = MailAddress(name: "PetSpot", address: "no-reply@petspot.localhost")

    public init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// Reads `Name <address>` or `address`; nil for anything with line breaks or no `@`.
    public init?(_ text: String) {
        guard !text.contains(where: { $0 == "\r" || $0 == "\n" }) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            let name = trimmed[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            self.init(name: name.isEmpty ? nil : name, address: String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]))
        } else {
            self.init(name: nil, address: trimmed)
        }
        guard address.contains("@"), !address.contains(where: { " <>\"".contains($0) }) else { return nil }
    }

    var domain: String { address.split(separator: "@").last.map(String.init) ?? "petspot.localhost" }

    /// The address as one mailbox in a header or an SMTP envelope: a local part that is not a dot-atom
    /// (the contract's address rule lets `a,b@x.com` through, which a mail program would read as two
    /// recipients) is quoted; nil when the domain holds a character no host name has (a comma, a
    /// bracket), which no quoting can mend. Stray dots (`example.net.`) are left to the mail server.
    public static func addrSpec(_ address: String) -> String? {
        guard let at = address.lastIndex(of: "@") else { return nil }
        let local = address[..<at], domain = address[address.index(after: at)...]
        func isDotAtom(_ text: Substring) -> Bool {
            text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.unicodeScalars.allSatisfy { $0.value > 0x7F || atext.contains($0) }
            }
        }
        let hostCharacters = domain.unicodeScalars.allSatisfy { $0.value > 0x7F || $0 == "." || atext.contains($0) }
        guard !local.isEmpty, !domain.isEmpty, hostCharacters else { return nil }
        if isDotAtom(local) { return address }
        let escaped = local.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\"@\(domain)"
    }

    private static let atext = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-")

    var header: String {
        guard let name else { return address }
        return "\(MIMEMessage.encodedWord(name.replacingOccurrences(of: "\"", with: ""))) <\(address)>"
    }
}
