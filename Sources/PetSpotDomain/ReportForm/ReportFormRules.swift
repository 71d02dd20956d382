import Foundation

/// What a form step found wrong: the field and the reason. The reason's raw value is the key of its
/// text in each language's string catalog.
public struct ReportFormProblem: Sendable, Equatable {
    public var field: ReportForm.Field
    public var reason: Reason

    public init(_ field: ReportForm.Field, _ reason: Reason) {
        self.field = field
        self.reason = reason
    }

    public enum Reason: String, Sendable, CaseIterable {
        case errorDate, errorDateFuture, errorSpecies, errorGender, errorAge, errorAgeNumber
        case errorLatitudeMissing, errorLatitudeRange, errorLongitudeMissing, errorLongitudeRange, errorCoordinateFormat
        case errorPhone, errorPhoneTooLong, errorEmail
    }
}

extension ReportForm {
    /// Every problem of `step`, all at once, in the order of its fields. A day is in the future after
    /// today in `zone` (the reporter's device), or when that is unknown, after the latest today on Earth.
    public func problems(in step: Step, now: Date = Date(), zone: TimeZone? = nil) -> [ReportFormProblem] {
        fields(of: step).compactMap { field in problem(with: field, now: now, zone: zone).map { ReportFormProblem(field, $0) } }
    }

    func problem(with field: Field, now: Date, zone: TimeZone?) -> ReportFormProblem.Reason? {
        let value = self[field]
        switch field {
        case .lastSeenDate:
            guard !value.isEmpty, let date = ReportDate(value) else { return .errorDate }
            return date > (zone.map { ReportDate(now, in: $0) } ?? ReportDate.latestToday(now: now)) ? .errorDateFuture : nil
        case .species: return AnimalSpecies(rawValue: value) == nil ? .errorSpecies : nil
        // "Unknown" for a finder who cannot tell: matching takes it as either sex.
        case .sex: return ["MALE", "FEMALE", "UNKNOWN"].contains(value) ? nil : .errorGender
        case .age:
            guard !value.isEmpty else { return nil }
            guard let age = Int(value) else { return .errorAgeNumber }
            return Self.ages.contains(age) ? nil : .errorAge
        case .latitude: return Self.coordinateProblem(value, latitude: true)
        case .longitude: return Self.coordinateProblem(value, latitude: false)
        case .phone: return Self.phoneProblem(value)
        case .caregiverPhone: return value.isEmpty ? nil : Self.phoneProblem(value)
        case .email: return ContactRules.isValidEmail(value) ? nil : .errorEmail
        default: return nil
        }
    }

    /// Too few digits, or too many (a number with its country code may pass 11: saying "at least 7" to
    /// someone who typed 13 would not tell them what is wrong).
    static func phoneProblem(_ text: String) -> ReportFormProblem.Reason? {
        let digits = ContactRules.phoneDigitCount(ContactRules.sanitizedPhone(text))
        if digits > ContactRules.phoneDigits.upperBound { return .errorPhoneTooLong }
        return ContactRules.phoneDigits.contains(digits) ? nil : .errorPhone
    }

    /// The iOS coordinate rules: required, a number (a decimal comma allowed), in range.
    public static func coordinateProblem(_ text: String, latitude: Bool) -> ReportFormProblem.Reason? {
        if text.isEmpty { return latitude ? .errorLatitudeMissing : .errorLongitudeMissing }
        guard let number = number(text) else { return .errorCoordinateFormat }
        let valid = latitude ? Coordinate.isValidLatitude(number) : Coordinate.isValidLongitude(number)
        return valid ? nil : (latitude ? .errorLatitudeRange : .errorLongitudeRange)
    }

    /// A number as people type it: blanks around it ignored, and a decimal comma (`52,2297`, as Polish
    /// writes it) read as a point. Nil for anything that is not a finite number.
    public static func number(_ text: String) -> Double? {
        var cleaned = text.trimmingCharacters(in: .whitespaces)
        if !cleaned.contains("."), cleaned.filter({ $0 == "," }).count == 1 { cleaned = cleaned.replacingOccurrences(of: ",", with: ".") }
        guard let value = Double(cleaned), value.isFinite else { return nil }
        return value
    }

    /// The place typed, once both numbers are valid.
    public var location: Coordinate? {
        guard let lat = Self.number(latitude), let lng = Self.number(longitude),
            Coordinate.isValidLatitude(lat), Coordinate.isValidLongitude(lng)
        else { return nil }
        return Coordinate(latitude: lat, longitude: lng)
    }

    /// The field a report of `kind` carries its chip number in: the Missing flow's chip, the Found collar.
    public static func chipField(of kind: Kind) -> Field { kind == .missing ? .microchip : .collar }

    /// The chip number the report carries: the Missing flow's chip, or a Found collar that holds only a
    /// chip number: the 15 digits of an ISO chip, with the usual separators. Fewer digits are what a tag
    /// carries as often (a phone number, `600 111 222`), and a chip number is public while a tag is not.
    public var chipNumber: String? {
        switch kind {
        case .missing: return microchip.isEmpty ? nil : microchip
        case .found:
            let digits = collar.unicodeScalars.filter(\.isASCIIDigit).count
            let onlyChip = digits == MicrochipNumberFormatter.maxDigits && collar.allSatisfy { ($0.isASCII && $0.isNumber) || " -.".contains($0) }
            return onlyChip ? MicrochipNumberFormatter.extractDigits(collar) : nil
        }
    }

    /// A Found collar's text when it is more than a chip number (a name, a phone on a tag).
    public var collarTag: String? {
        kind == .found && !collar.isEmpty && chipNumber == nil ? collar : nil
    }
}
