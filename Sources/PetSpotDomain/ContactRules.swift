/// The contact rules the apps and the web forms apply to what a person types (seed 004, seed 000). The
/// server's own, looser API rules live with the API validation, since the published apps depend on them.
public enum ContactRules {
    /// Phone numbers need 7 to 11 digits; `+`, spaces, dashes and brackets are allowed around them.
    public static let phoneDigits = 7...11
    /// The longest e-mail address (RFC 5321's path limit) and phone number any form or the API takes.
    public static let emailLimit = 254
    public static let phoneLimit = 30

    /// The digits a phone number contains.
    public static func phoneDigitCount(_ phone: String) -> Int {
        phone.unicodeScalars.filter(\.isASCIIDigit).count
    }

    /// What the apps send for a typed phone number: its digits and `+` signs, nothing else.
    public static func sanitizedPhone(_ phone: String) -> String {
        String(phone.unicodeScalars.filter { $0.isASCIIDigit || $0 == "+" }.map(Character.init))
    }

    /// True when `phone` has 7 to 11 digits and nothing but digits, spaces, `+ - ( ) .`.
    public static func isValidPhone(_ phone: String) -> Bool {
        let allowed = phone.unicodeScalars.allSatisfy { $0.isASCIIDigit || " +-().".unicodeScalars.contains($0) }
        return allowed && phoneDigits.contains(phoneDigitCount(phone))
    }

    /// `local@domain.tld` with ASCII letters, digits and `._%+-` in the local part, a dotted domain and a
    /// top-level part of two letters or more (the apps' rule), at most 254 characters.
    public static func isValidEmail(_ email: String) -> Bool {
        guard email.limitLength <= emailLimit, let at = email.firstIndex(of: "@") else { return false }
        let local = email[..<at], domain = email[email.index(after: at)...]
        let localOK = !local.isEmpty && local.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || "._%+-".unicodeScalars.contains($0) }
        guard localOK, let dot = domain.lastIndex(of: ".") else { return false }
        let host = domain[..<dot], tld = domain[domain.index(after: dot)...]
        let hostOK = !host.isEmpty && host.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || ".-".unicodeScalars.contains($0) }
        let tldOK = tld.count >= 2 && tld.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        return hostOK && tldOK
    }

    /// Any address a report may carry: the API contract's `^(?=.{1,254}$)[^\s@]+@[^\s@]+\.[^\s@]+$`,
    /// and no angle brackets, quotes or control characters, direction overrides among them (an escape
    /// sequence would reach the mail header and an operator's terminal, an override turn the address
    /// round). Wider than `isValidEmail`, the apps' rule: what owners may ask "my reports" for and
    /// operators may block. (Spellings of one mailbox it lets through, `example.net.` or a soft hyphen,
    /// share one budget: `mailboxKey`.)
    public static func isReportAddress(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...emailLimit).contains(email.limitLength), parts.count == 2, !parts[0].isEmpty,
            !email.contains(where: { $0.isWhitespace || "<>\"".contains($0) }),
            !email.hasControlCharacters(allowingLines: false)
        else { return false }
        let domain = Array(parts[1])
        return domain.indices.contains { domain[$0] == "." && $0 > 0 && $0 < domain.count - 1 }
    }

    /// The mailbox an address reaches, as limits count it: trimmed and lower-cased, without control or
    /// invisible format characters (a soft hyphen, a right-to-left override), its `+tag` and the dots of
    /// its local part dropped, its domain without empty labels (`example.net.`, `example..net`), so
    /// `A.Lice+x@Example.com. ` and `alice@example.com` spend one budget. (Over-merging two real
    /// mailboxes only shares a limit.)
    public static func mailboxKey(_ email: String) -> String {
        let address = untaggedKey(email)
        guard let at = address.lastIndex(of: "@") else { return address }
        return address[..<at].filter { $0 != "." } + address[at...]
    }

    /// The person an address reaches, for an operator's block: `addressKey` without its `+tag` (a tag
    /// reaches the same inbox wherever tags exist), its dots kept (at most providers another person).
    public static func untaggedKey(_ email: String) -> String {
        let address = addressKey(email)
        guard let at = address.lastIndex(of: "@") else { return address }
        return String(address[..<at].prefix { $0 != "+" } + address[at...])
    }

    /// One address however it is spelt, but not its variants: trimmed and lower-cased, without control or
    /// invisible format characters, its domain without empty labels; dots and a `+tag` kept, since at
    /// most providers they are other people. For budgets of links e-mailed to the address itself, which
    /// a variant's requests must not spend.
    public static func addressKey(_ email: String) -> String {
        let visible = email.unicodeScalars.filter { ![.control, .format].contains($0.properties.generalCategory) }
        let address = String(String.UnicodeScalarView(visible)).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let at = address.lastIndex(of: "@") else { return address }
        return address[...at] + address[address.index(after: at)...].split(separator: ".").joined(separator: ".")
    }
}

extension Unicode.Scalar {
    /// `0`…`9` only; not the other scripts' digits that `Character.isNumber` accepts.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

    var isASCIIAlphanumeric: Bool {
        isASCIIDigit || ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}
