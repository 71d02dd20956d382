import Foundation

/// A lost-or-found report as a person fills it in, step by step, in either flow: every value as typed
/// (cleaned), the rules each step applies, and nothing else. The web keeps it in the draft, PetSpotClient
/// builds it from a flow, and `CreateAnnouncementRequest(form:)` maps it to the API once.
public struct ReportForm: Codable, Sendable, Equatable {
    /// Which flow: a missing pet (its owner) or a found one (its finder).
    public var kind: Kind
    public var microchip = ""
    /// The Found flow's collar or tag: free text (a name, a phone); the 15 digits of a chip alone are read as its number.
    public var collar = ""
    public var lastSeenDate = ""
    public var petName = ""
    public var species = ""
    public var breed = ""
    public var sex = ""
    public var age = ""
    public var latitude = ""
    public var longitude = ""
    public var description = ""
    public var phone = ""
    public var email = ""
    public var reward = ""
    /// Private (Found flow): whoever looks after the pet now, and where it is.
    public var caregiverPhone = ""
    public var currentAddress = ""
    /// The place typed in the place box ("Warszawa", "Warsaw, PL"), from which the coordinates are taken
    /// when none were given.
    public var place = ""
    /// "PUBLIC" shows the e-mail and phone on the report; anything else (the web's default) relays.
    public var contactVisibility = ""
    /// Private (Missing flow): something only the owner knows, to check a finder's description against.
    public var privateTrait = ""
    /// Missing flow, optional: a cat's `INDOOR_ONLY`/`OUTDOOR_ACCESS`, a dog's
    /// `FRIENDLY`/`SHY`, and `YES`/`NO` for new to the area; anything else is no answer.
    public var lifestyle = ""
    public var temperament = ""
    public var newToArea = ""

    public enum Kind: String, Codable, Sendable, CaseIterable {
        case missing = "MISSING", found = "FOUND"
    }

    public init(kind: Kind) { self.kind = kind }

    /// The answers about how the pet lives, as typed (unknown values are no answer).
    public var searchAnswers: SearchAnswers {
        SearchAnswers(lifestyle: lifestyle, temperament: temperament, newToArea: newToArea)
    }

    /// True when the reporter chose to show the e-mail and phone publicly.
    public var contactPublic: Bool { contactVisibility == "PUBLIC" }

    /// The limits of the forms (seed 004, `FieldLimit`): longer text is cut.
    public static let limits: [Field: Int] = [
        .reward: FieldLimit.reward, .currentAddress: FieldLimit.currentAddress, .collar: FieldLimit.collar,
        .place: FieldLimit.place, .microchip: MicrochipNumberFormatter.maxDigits, .privateTrait: FieldLimit.privateTrait,
    ].merging(PetText.allCases.map { ($0.formField, $0.formLimit) }) { a, _ in a }
    public static let ages = 0...40

    /// A field of the form; the raw value is its name in the web forms.
    public enum Field: String, Codable, Sendable, CaseIterable {
        case microchip, collar, lastSeenDate = "date", petName, species, breed = "race", sex = "gender", age
        case latitude, longitude, description, phone, email, reward, caregiverPhone, currentAddress = "address", place, contactVisibility
        case privateTrait, lifestyle, temperament, newToArea

        var keyPath: WritableKeyPath<ReportForm, String> {
            switch self {
            case .microchip: \.microchip
            case .collar: \.collar
            case .lastSeenDate: \.lastSeenDate
            case .petName: \.petName
            case .species: \.species
            case .breed: \.breed
            case .sex: \.sex
            case .age: \.age
            case .latitude: \.latitude
            case .longitude: \.longitude
            case .description: \.description
            case .phone: \.phone
            case .email: \.email
            case .reward: \.reward
            case .caregiverPhone: \.caregiverPhone
            case .currentAddress: \.currentAddress
            case .place: \.place
            case .contactVisibility: \.contactVisibility
            case .privateTrait: \.privateTrait
            case .lifestyle: \.lifestyle
            case .temperament: \.temperament
            case .newToArea: \.newToArea
            }
        }
    }

    public subscript(field: Field) -> String {
        get { self[keyPath: field.keyPath] }
        set { self[keyPath: field.keyPath] = Self.clean(newValue, for: field) }
    }

    /// What is kept of a typed value: the chip's digits, multi-line texts as typed, other texts trimmed;
    /// all cut to the field's limit.
    public static func clean(_ value: String, for field: Field) -> String {
        let kept: String
        switch field {
        case .microchip: kept = MicrochipNumberFormatter.extractDigits(value)
        case .description, .currentAddress, .privateTrait: kept = value
        default: kept = value.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return limits[field].map { String(kept.prefix($0)) } ?? kept
    }

    /// The fields each step of a flow asks for.
    public enum Step: String, Codable, Sendable {
        case microchip, description, contact
    }

    public func fields(of step: Step) -> [Field] {
        switch (step, kind) {
        case (.microchip, _): [.microchip]
        case (.description, .missing):
            [.lastSeenDate, .petName, .species] + PetText.plainLines.map(\.formField)
                + [.sex, .age, .place, .latitude, .longitude, .description, .lifestyle, .temperament, .newToArea]
        case (.description, .found):
            [.lastSeenDate, .collar, .petName, .species] + PetText.plainLines.map(\.formField)
                + [.sex, .age, .place, .latitude, .longitude, .description]
        case (.contact, .missing): [.phone, .email, .reward, .contactVisibility, .privateTrait]
        case (.contact, .found): [.phone, .email, .reward, .contactVisibility, .caregiverPhone, .currentAddress]
        }
    }

    /// Takes a step's fields from `typed` (field name → value; absent names read as empty).
    public mutating func take(_ step: Step, from typed: [String: String]) {
        for field in fields(of: step) { self[field] = typed[field.rawValue] ?? "" }
    }
}

/// Stored as the kind and a name → value table, so a form saved before a field existed still reads
/// (the new field empty).
extension ReportForm {
    enum CodingKeys: String, CodingKey { case kind, fields }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        let fields = try container.decodeIfPresent([String: String].self, forKey: .fields) ?? [:]
        for field in Field.allCases { self[keyPath: field.keyPath] = fields[field.rawValue] ?? "" }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.rawValue, self[$0]) }), forKey: .fields)
    }
}
