/// What a report says about the pet itself, listed once: the stored report (`Announcement`), the
/// validated create request, the create request and the wire's announcement all hold one, and read
/// its fields as their own (`report.species`) through `@dynamicMemberLookup`.
public struct PetFacts: Codable, Sendable, Equatable {
    public var petName: String?
    public var species: String
    public var breed: String?
    public var sex: String
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?

    public init(
        petName: String? = nil, species: String, breed: String? = nil, sex: String, age: Int? = nil,
        description: String? = nil, microchipNumber: String? = nil
    ) {
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
    }
}

/// A type that holds a `PetFacts` and shows its fields as its own.
@dynamicMemberLookup
public protocol HasPetFacts {
    var pet: PetFacts { get set }
}

extension HasPetFacts {
    @inlinable public subscript<Value>(dynamicMember keyPath: WritableKeyPath<PetFacts, Value>) -> Value {
        get { pet[keyPath: keyPath] }
        set { pet[keyPath: keyPath] = newValue }
    }
}

/// The pet's optional texts, each declared once: where it sits in `PetFacts`, its key on the wire (the
/// contract's name, also its coding key), its column in every store, its field in the report form and
/// its longest text. The API's validation and answers, the stores' columns (added at start when
/// missing), the forms' `maxlength` and the web's and the app's details all read this table, so a new
/// optional text is a property and a case here, a form field, `openapi.json` and its words.
public enum PetText: String, CodingKey, CaseIterable, Sendable {
    case petName, breed, description

    public var keyPath: WritableKeyPath<PetFacts, String?> {
        switch self {
        case .petName: \.petName
        case .breed: \.breed
        case .description: \.description
        }
    }

    /// Its field in `ReportForm` (the web forms' name).
    public var formField: ReportForm.Field {
        switch self {
        case .petName: .petName
        case .breed: .breed
        case .description: .description
        }
    }

    /// Its form field's name with a capital first letter (`Race`), for the words' keys named after it
    /// (`detailsRace` on the web, `petDetails.label.animalRace` in the app).
    public var fieldTitle: String {
        let name = formField.rawValue
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The longest text the forms (web and app, seed 004) let a person type.
    public var formLimit: Int { self == .description ? 500 : 100 }

    /// The longest text the API takes: the forms', except the description, of which the published apps'
    /// backend took 2,000 characters and the apps still send them.
    public var wireLimit: Int { self == .description ? 2000 : formLimit }

    /// The contract's key it follows in an announcement, which keeps the contract's order (`id, petName,
    /// species, breed, sex, age, description, …`); a text added later follows the description.
    public var wireFollows: String {
        switch self {
        case .petName: "id"
        case .breed: "species"
        default: "age"
        }
    }

    /// Its column in the stores' `announcement` table: its key in snake case (`pet_name`), which no SQL
    /// database folds or needs quoted.
    public var column: String {
        rawValue.reduce(into: "") { name, letter in name += letter.isUppercase ? "_" + letter.lowercased() : String(letter) }
    }

    /// The texts shown as one line under their own label, after the species, in the details step of
    /// both flows and on the report's page (the name and the description have places of their own).
    public static let plainLines = allCases.filter { $0 != .petName && $0 != .description }
}
