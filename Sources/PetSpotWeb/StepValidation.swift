import Foundation
import PetSpotDomain

/// A rejected field: its name and the key of the message shown next to it.
public struct FieldError: Sendable, Equatable {
    public var field: String
    public var messageKey: String

    public init(_ field: String, _ messageKey: String) {
        self.field = field
        self.messageKey = messageKey
    }
}

/// The rules of each form step (seed 000, seed 004, the iOS app): what a submitted form keeps, and its errors.
public enum StepValidation {
    public static let descriptionLimit = 500, rewardLimit = 120, addressLimit = 500, nameLimit = 100

    /// The cleaned values of `step` and the errors found, all at once.
    public static func check(_ step: ReportFlow.Step, flow: ReportFlow, form: [String: String],
                             now: Date = Date()) -> (values: [String: String], errors: [FieldError]) {
        switch step {
        case .microchip: return (["microchip": MicrochipNumberFormatter.extractDigits(form["microchip"] ?? "")], [])
        case .description: return description(flow: flow, form: form, now: now)
        case .contact: return contact(flow: flow, form: form)
        case .photo, .created: return ([:], [])
        }
    }

    static func description(flow: ReportFlow, form: [String: String], now: Date) -> ([String: String], [FieldError]) {
        let text = { (name: String) in (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        var values: [String: String] = [
            "date": text("date"), "species": text("species"), "race": String(text("race").prefix(nameLimit)),
            "gender": text("gender"), "latitude": text("latitude"), "longitude": text("longitude"),
            "description": String((form["description"] ?? "").prefix(descriptionLimit)),
        ]
        if flow == .missing {
            values["petName"] = String(text("petName").prefix(nameLimit))
            values["age"] = text("age")
        } else {
            values["collar"] = MicrochipNumberFormatter.extractDigits(form["collar"] ?? "")
        }
        var errors: [FieldError] = []
        if let key = dateError(values["date"]!, now: now) { errors.append(FieldError("date", key)) }
        if AnimalSpecies(rawValue: values["species"]!) == nil { errors.append(FieldError("species", "errorSpecies")) }
        // "Unknown" for a finder who cannot tell: matching takes it as either sex.
        if !["MALE", "FEMALE", "UNKNOWN"].contains(values["gender"]!) { errors.append(FieldError("gender", "errorGender")) }
        if flow == .missing, let age = values["age"], !age.isEmpty, !(Int(age).map { (0...40).contains($0) } ?? false) {
            // Say what was wrong: not a whole number ("four", "2.5"), or out of range.
            errors.append(FieldError("age", Int(age) == nil ? "errorAgeNumber" : "errorAge"))
        }
        errors += coordinateErrors(values["latitude"]!, values["longitude"]!)
        return (values, errors)
    }

    static func dateError(_ text: String, now: Date) -> String? {
        guard !text.isEmpty, let date = ReportDate(text) else { return "errorDate" }
        return date > ReportDate.latestToday(now: now) ? "errorDateFuture" : nil
    }

    /// A number as people type it: blanks around it ignored, and a decimal comma (`52,2297`, as Polish
    /// writes it) read as a point. Nil for anything that is not a finite number.
    public static func number(_ text: String) -> Double? {
        var cleaned = text.trimmingCharacters(in: .whitespaces)
        if !cleaned.contains("."), cleaned.filter({ $0 == "," }).count == 1 { cleaned = cleaned.replacingOccurrences(of: ",", with: ".") }
        guard let value = Double(cleaned), value.isFinite else { return nil }
        return value
    }

    /// The iOS coordinate rules: required, a number, in range.
    public static func coordinateErrors(_ latitude: String, _ longitude: String) -> [FieldError] {
        func check(_ name: String, _ text: String, missing: String, range: String, valid: (Double) -> Bool) -> FieldError? {
            if text.isEmpty { return FieldError(name, missing) }
            guard let number = number(text) else { return FieldError(name, "errorCoordinateFormat") }
            return valid(number) ? nil : FieldError(name, range)
        }
        return [check("latitude", latitude, missing: "errorLatitudeMissing", range: "errorLatitudeRange", valid: Coordinate.isValidLatitude),
                check("longitude", longitude, missing: "errorLongitudeMissing", range: "errorLongitudeRange", valid: Coordinate.isValidLongitude)]
            .compactMap { $0 }
    }

    static func contact(flow: ReportFlow, form: [String: String]) -> ([String: String], [FieldError]) {
        let text = { (name: String) in (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        var values = ["phone": text("phone"), "email": text("email")]
        var errors: [FieldError] = []
        if !ContactRules.phoneDigits.contains(ContactRules.phoneDigitCount(ContactRules.sanitizedPhone(values["phone"]!))) {
            errors.append(FieldError("phone", "errorPhone"))
        }
        if !ContactRules.isValidEmail(values["email"]!) { errors.append(FieldError("email", "errorEmail")) }
        if flow == .missing {
            values["reward"] = String(text("reward").prefix(rewardLimit))
        } else {
            values["caregiverPhone"] = text("caregiverPhone")
            values["address"] = String((form["address"] ?? "").prefix(addressLimit))
            let caregiver = values["caregiverPhone"]!
            if !caregiver.isEmpty, !ContactRules.phoneDigits.contains(ContactRules.phoneDigitCount(ContactRules.sanitizedPhone(caregiver))) {
                errors.append(FieldError("caregiverPhone", "errorPhone"))
            }
        }
        return (values, errors)
    }
}
