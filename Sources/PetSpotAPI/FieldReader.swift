import Foundation
import PetSpotDomain

/// Reads and checks one field at a time of a JSON object body, with the contract's messages.
struct FieldReader {
    let members: JSONValue

    init(body: JSONValue?) throws(ValidationFailure) {
        guard let body else { throw ValidationFailure(.missingValue, "Required") }
        guard case .object = body else {
            throw ValidationFailure(.invalidFormat, "Expected object, received \(body.typeName)")
        }
        members = body
    }

    func value(_ key: String) -> JSONValue? { members[key] }

    static let oneLine: Set = ["species", "sex", "phone", "caregiverPhone"]
    static let formatted: Set = ["email", "microchipNumber", "lastSeenDate", "contactVisibility"]

    /// The pet's optional texts that follow `key` in the contract's order (`PetText.wireFollows`), into
    /// `texts` (empty ones left out).
    func readTexts(following key: String, into texts: inout [PetText: String]) throws(ValidationFailure) {
        for text in PetText.allCases where text.wireFollows == key {
            texts[text] = try self.text(text.rawValue, required: false, freeText: true).nilIfEmpty
        }
    }

    /// A string field: markup removed (free text only), trimmed, length-capped. `nil` when absent and
    /// optional; an explicit `null` is a type error, as the contract says.
    func text(_ key: String, required: Bool, freeText: Bool) throws(ValidationFailure) -> String? {
        guard let sent = try string(key, required: required) else { return nil }
        // Before markup is removed: a NUL inside a comment or tag is refused too.
        if sent.unicodeScalars.contains(where: { $0.value == 0 }) {
            throw ValidationFailure(.invalidFormat, "\(key) must not contain null characters", field: key)
        }
        // Other control characters, which no one types, are replaced one for one (the contract's schema
        // allows them and counts them, so they are neither refused nor dropped); the species, the sex and
        // the phones lose line breaks too: alert headlines are made of the first two, a `tel:` link of the
        // others. A field with a format of its own keeps
        // them for its format's rule to refuse.
        let raw = Self.formatted.contains(key) ? sent : sent.replacingControlCharacters(allowingLines: !Self.oneLine.contains(key))
        let cleaned = (freeText ? TextSanitizer.stripTags(raw) : raw).trimmingCharacters(in: .whitespacesAndNewlines)
        if required && cleaned.isEmpty { throw ValidationFailure(.missingValue, "cannot be empty", field: key) }
        // Counted as openapi.json's `maxLength` counts, in Unicode code points of the text as sent. The
        // e-mail's length is part of its format rule (`email format is invalid`), as in the contract.
        if let limit = AnnouncementValidation.maxLength[key], sent.limitLength > limit, key != "email" {
            throw ValidationFailure(.invalidFormat, "\(key) must be at most \(limit) characters", field: key)
        }
        return cleaned
    }

    func string(_ key: String, required: Bool) throws(ValidationFailure) -> String? {
        switch value(key) {
        case nil:
            if required { throw ValidationFailure(.missingValue, "Required", field: key) }
            return nil
        case .string(let s)?: return s
        case let other?: throw ValidationFailure(.invalidFormat, "Expected string, received \(other.typeName)", field: key)
        }
    }

    /// A value from a fixed list, or nil when absent.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws(ValidationFailure) -> T? where T.RawValue == String {
        guard let raw = try string(key, required: false) else { return nil }
        guard let value = T(rawValue: raw) else {
            throw ValidationFailure(.invalidFormat, "\(key) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))", field: key)
        }
        return value
    }

    /// A true or false, or nil when absent.
    func flag(_ key: String) throws(ValidationFailure) -> Bool? {
        switch value(key) {
        case nil: return nil
        case .bool(let value)?: return value
        case let other?: throw ValidationFailure(.invalidFormat, "Expected boolean, received \(other.typeName)", field: key)
        }
    }

    /// The owner's answers about how the pet lives, those that fit the species.
    func searchAnswers(species: String) throws(ValidationFailure) -> SearchAnswers {
        SearchAnswers(
            lifestyle: try choice("lifestyle", of: SearchAnswers.Lifestyle.self),
            temperament: try choice("temperament", of: SearchAnswers.Temperament.self),
            newToArea: try flag("newToArea")
        ).fitting(species: species)
    }

    func number(_ key: String, _ rangeMessage: String, _ isValid: (Double) -> Bool) throws(ValidationFailure) -> Double? {
        switch value(key) {
        case nil: throw ValidationFailure(.missingValue, "Required", field: key)
        case .number(let n)?:
            guard isValid(n) else { throw ValidationFailure(.invalidFormat, rangeMessage, field: key) }
            return n
        case let other?: throw ValidationFailure(.invalidFormat, "Expected number, received \(other.typeName)", field: key)
        }
    }

    func age() throws(ValidationFailure) -> Int? {
        switch value("age") {
        case nil: return nil
        case .number(let n)?:
            guard n.rounded() == n else { throw ValidationFailure(.invalidFormat, "Expected integer, received float", field: "age") }
            guard n >= 0 else { throw ValidationFailure(.invalidFormat, "age must be a positive integer", field: "age") }
            guard n <= Double(AnnouncementValidation.ages.upperBound) else {
                throw ValidationFailure(.invalidFormat, "age must be between 0 and 40", field: "age")
            }
            return Int(n)
        case let other?: throw ValidationFailure(.invalidFormat, "Expected number, received \(other.typeName)", field: "age")
        }
    }

    func microchip() throws(ValidationFailure) -> String? {
        guard let chip = try text("microchipNumber", required: false, freeText: false) else { return nil }
        guard !chip.isEmpty, chip.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw ValidationFailure(.invalidFormat, "must contain only digits", field: "microchipNumber")
        }
        guard chip.count <= MicrochipNumberFormatter.maxDigits else {
            throw ValidationFailure(.invalidFormat, "must be at most 15 digits", field: "microchipNumber")
        }
        return chip
    }

    func email() throws(ValidationFailure) -> String? {
        guard let email = try text("email", required: false, freeText: false) else { return nil }
        guard ContactRules.isReportAddress(email) else {
            throw ValidationFailure(.invalidFormat, "email format is invalid", field: "email")
        }
        return email
    }

    func phone(_ key: String = "phone") throws(ValidationFailure) -> String? {
        guard let phone = try text(key, required: false, freeText: false) else { return nil }
        let hasDigit = phone.unicodeScalars.contains { ("0"..."9").contains($0) }
        guard hasDigit, !phone.contains(where: { "<>\"".contains($0) }) else {
            throw ValidationFailure(.invalidFormat, "invalid phone format", field: key)
        }
        return phone
    }

    func lastSeenDate(now: Date) throws(ValidationFailure) -> String {
        let text = try self.text("lastSeenDate", required: false, freeText: false)
        guard let text else { throw ValidationFailure(.missingValue, "Required", field: "lastSeenDate") }
        guard let day = ReportDate(text) else {
            // A well-formed text that is no day (`2025-13-01`, `2025-02-30`) gets the old backend's answer to it.
            let message = ReportDate.isWellFormed(text) ? "lastSeenDate cannot be in the future" : "invalid date format (expected YYYY-MM-DD)"
            throw ValidationFailure(.invalidFormat, message, field: "lastSeenDate")
        }
        guard day <= ReportDate.latestToday(now: now) else {
            throw ValidationFailure(.invalidFormat, "lastSeenDate cannot be in the future", field: "lastSeenDate")
        }
        return day.text
    }

    /// The status field; every problem with it carries the one status message.
    func status(allowed: [AnnouncementStatus], message: String) throws(ValidationFailure) -> AnnouncementStatus? {
        switch value("status") {
        case nil: throw ValidationFailure(.missingValue, message, field: "status")
        case .string(let s)?:
            guard let status = AnnouncementStatus(rawValue: s), allowed.contains(status) else {
                throw ValidationFailure(.invalidFormat, message, field: "status")
            }
            return status
        default: throw ValidationFailure(.invalidFormat, message, field: "status")
        }
    }

    func rejectUnknownKeys(allowed: [String]) throws(ValidationFailure) {
        guard case .object(let members) = members,
            let unknown = members.first(where: { !allowed.contains($0.key) })
        else { return }
        throw ValidationFailure(.invalidField, "\(unknown.key) is not a valid field", field: unknown.key)
    }
}
