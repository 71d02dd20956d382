import Foundation
import PetSpotDomain

extension AnnouncementValidation {
    public static let updateKeys = ["status"] + PetText.allCases.map(\.rawValue) + ["reward"]

    /// Validates an owner's PATCH body: the free texts (string, or `null` to clear) and `status`.
    public static func validateUpdate(_ body: JSONValue?) throws(ValidationFailure) -> AnnouncementChanges {
        let fields = try FieldReader(body: body)
        var changes = AnnouncementChanges()
        if fields.value("status") != nil {
            changes.status = try fields.status(
                allowed: AnnouncementStatus.allCases,
                message: "status must be one of MISSING, FOUND or CLOSED")
        }
        for text in PetText.allCases { changes.texts[text] = try fields.clearableText(text.rawValue) }
        changes.reward = try fields.clearableText("reward")
        try fields.rejectUnknownKeys(allowed: updateKeys)
        return changes
    }
}

extension FieldReader {
    /// nil when absent, `.some(nil)` for `null` or a text that is empty once cleaned.
    func clearableText(_ key: String) throws(ValidationFailure) -> String?? {
        switch value(key) {
        case nil: return nil
        case .null?: return .some(nil)
        default: return .some(try text(key, required: false, freeText: true).nilIfEmpty)
        }
    }
}

/// A register or login body that passed the rules: the e-mail trimmed and lower-cased.
public struct ValidatedCredentials: Sendable, Equatable {
    public var email: String
    public var password: String
}

/// The user rules of reference §5: e-mail 3–254 characters in the contract's shape, password 8–128.
public enum UserValidation {
    public static func validate(_ body: JSONValue?) throws(ValidationFailure) -> ValidatedCredentials {
        let fields: FieldReader
        do { fields = try FieldReader(body: body) } catch { throw ValidationFailure(error.code, error.message, field: "email") }
        let email = try fields.string("email", required: true)!.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (3...ContactRules.emailLimit).contains(email.limitLength) else {
            throw ValidationFailure(.invalidFormat, "email must be 3-\(ContactRules.emailLimit) characters long", field: "email")
        }
        guard ContactRules.isReportAddress(email) else {
            throw ValidationFailure(.invalidFormat, "email format is invalid", field: "email")
        }
        let password = try fields.string("password", required: true)!.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (8...128).contains(password.limitLength) else {
            throw ValidationFailure(.invalidFormat, "password must be 8-128 characters long", field: "password")
        }
        try fields.rejectUnknownKeys(allowed: ["email", "password"])
        return ValidatedCredentials(email: email.lowercased(), password: password)
    }
}
