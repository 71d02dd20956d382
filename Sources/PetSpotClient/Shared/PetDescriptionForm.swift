import Foundation

/// The inline errors of the pet description form (Missing 3/4, Found 2/3), as shown under each field.
public struct PetDescriptionErrors: Sendable, Equatable {
    public var species: String?
    public var gender: String?
    public var age: String?
    public var latitude: String?
    public var longitude: String?

    public init() {}

    public var isEmpty: Bool { [species, gender, age, latitude, longitude].allSatisfy { $0 == nil } }
}

/// The description form's rules, shared by both flows: species and gender required, age optional 0…40,
/// both coordinates required and in range. All errors are computed at once.
public struct PetDescriptionValidator: Sendable {
    public let strings: LocalizedStrings
    public static let ages = 0...40
    public static let maxDescriptionLength = PetText.description.formLimit

    public init(strings: LocalizedStrings) {
        self.strings = strings
    }

    public func errors(
        species: AnimalSpecies?, gender: AnimalGender?, age: String?,
        latitude: String, longitude: String
    ) -> PetDescriptionErrors {
        var errors = PetDescriptionErrors()
        if species == nil { errors.species = strings[.errorMissingSpecies] }
        if gender == nil { errors.gender = strings[.errorMissingGender] }
        if let age, !age.trimmingCharacters(in: .whitespaces).isEmpty, parsedAge(age) == nil {
            errors.age = strings[.errorInvalidAge]
        }
        if case .invalid(let lat, let lng) = CoordinateInputValidator.validate(latitude: latitude, longitude: longitude) {
            errors.latitude = lat.map { message($0, missing: .errorMissingLatitude, outOfRange: .errorInvalidLatitude) }
            errors.longitude = lng.map { message($0, missing: .errorMissingLongitude, outOfRange: .errorInvalidLongitude) }
        }
        return errors
    }

    /// The age in years when the text is a whole number 0…40.
    public func parsedAge(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let age = Int(trimmed), Self.ages.contains(age) else { return nil }
        return age
    }

    private func message(_ error: CoordinateFieldError, missing: StringKey, outOfRange: StringKey) -> String {
        switch error {
        case .missing: return strings[missing]
        case .invalidFormat: return strings[.errorInvalidCoordinateFormat]
        case .outOfRange: return strings[outOfRange]
        }
    }

    /// Text for a coordinate field restored from the flow state or filled from GPS (five decimals).
    public static func fieldText(_ value: Double?) -> String {
        value.map { String(format: "%.5f", locale: Locale(identifier: "en_US_POSIX"), $0) } ?? ""
    }

    /// The description capped at 500 characters.
    public static func capped(_ text: String) -> String {
        text.limited(to: maxDescriptionLength)
    }
}

/// Gives the device's position for the "Request GPS position" button; nil when it is unavailable
/// (permission refused or no fix).
public protocol CurrentLocationProviding: Sendable {
    func currentLocation() async -> Coordinate?
}
