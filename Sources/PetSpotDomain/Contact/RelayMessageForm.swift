/// A message to a reporter through PetSpot, from the web form or the API, and its one set of
/// rules: a name, a valid e-mail to reply to, an optional phone, for missing pets what identifies the pet,
/// and a message. One-line fields lose control characters (the name goes into a subject); in the others
/// each is replaced (`replacingControlCharacters`), so the message's length is counted as sent.
public struct RelayMessageForm: Sendable, Equatable {
    public var name: String
    public var email: String
    public var phone: String
    public var trait: String
    public var message: String

    public static let messageMinimum = 10
    /// The longest text each field keeps.
    public static let nameLimit = 100, traitLimit = 300, messageLimit = 2000
    /// The same, by field, for the web form's `maxlength`.
    public static let limits = [
        "name": nameLimit, "email": ContactRules.emailLimit, "phone": ContactRules.phoneLimit, "trait": traitLimit,
        "message": messageLimit,
    ]

    public init(name: String = "", email: String = "", phone: String = "", trait: String = "", message: String = "") {
        self.name = Self.line(name, Self.nameLimit)
        // Too long is refused below, never cut into another address or number.
        self.email = Self.line(email, 1000)
        self.phone = Self.line(phone, 1000)
        self.trait = trait.replacingControlCharacters(allowingLines: true).trimmingCharacters(in: .whitespacesAndNewlines)
            .limited(to: Self.traitLimit)
        self.message = message.replacingControlCharacters(allowingLines: true).trimmingCharacters(in: .whitespacesAndNewlines)
            .limited(to: Self.messageLimit)
    }

    /// The problems, each with its field and its text's key: empty when the message can go. A name
    /// that is there but claims to be PetSpot has the key `relayNameReserved`.
    public var problems: [(field: String, key: String)] {
        var problems: [(String, String)] = []
        if name.isEmpty { problems.append(("name", "relayNameRequired")) }
        // The owner reads the name under PetSpot's own From: it may not claim to be PetSpot.
        if ScamSigns.impersonatesPetSpot(name) { problems.append(("name", "relayNameReserved")) }
        if !ContactRules.isValidEmail(email) { problems.append(("email", "errorEmail")) }
        if !phone.isEmpty, phone.limitLength > ContactRules.phoneLimit || !ContactRules.isValidPhone(phone) {
            problems.append(("phone", (ReportForm.phoneProblem(phone) ?? .errorPhone).rawValue))
        }
        if message.count < Self.messageMinimum { problems.append(("message", "relayMessageShort")) }
        return problems
    }

    /// One line of what a person typed: control characters out (direction overrides among them, which make
    /// a reversed "maeT topSteP" read as "PetSpot Team"), the direction marks and the Hangul fillers too,
    /// which look like nothing, white space trimmed, at most `limit` characters.
    public static func line(_ text: String, _ limit: Int) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isControl(allowingLines: false) && !hidden.contains($0.value) }))
            .trimmingCharacters(in: .whitespaces).limited(to: limit)
    }

    static let hidden: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, // direction marks
        0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers
    ]
}

/// Why a message to a reporter was not sent, in domain terms; mapped to HTTP once for the API and once
/// for the web.
public enum RelayError: Error, Equatable, Sendable {
    /// The form has a problem: the first one's field (`name`, `email`, `phone` or `message`).
    case invalid(field: String)
    /// The report is closed or has no e-mail to write to.
    case cannotReceive
    /// The sender's name claims to be PetSpot or its staff.
    case reservedName
}
