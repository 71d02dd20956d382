import Foundation
import PetSpotDomain

/// A create request that passed every rule: trimmed, markup removed, empty optional texts as nil.
public struct ValidatedAnnouncement: HasPetFacts, Sendable, Equatable {
    public var pet: PetFacts
    public var location: Coordinate
    public var email: String?
    public var phone: String?
    public var lastSeenDate: String
    public var status: AnnouncementStatus
    public var reward: String?
    /// Kept with the report, out of every public answer.
    public var privateDetails: PrivateDetails
    /// `contactVisibility: RELAYED`: e-mail and phone stay private; people write through PetSpot.
    public var contactRelayed = false

    public init(
        petName: String? = nil, species: String, breed: String? = nil, sex: String, age: Int? = nil,
        description: String? = nil, microchipNumber: String? = nil, location: Coordinate, email: String? = nil,
        phone: String? = nil, lastSeenDate: String, status: AnnouncementStatus, reward: String? = nil,
        privateDetails: PrivateDetails? = nil
    ) {
        pet = PetFacts(
            petName: petName, species: species, breed: breed, sex: sex, age: age, description: description,
            microchipNumber: microchipNumber)
        self.location = location
        self.email = email
        self.phone = phone
        self.lastSeenDate = lastSeenDate
        self.status = status
        self.reward = reward
        self.privateDetails = privateDetails ?? PrivateDetails(reportedAs: status)
    }
}

/// The contract's create rules (reference §2.2) with its fixes: values are cleaned before they are
/// checked and stored, age 0…40, real calendar days, lengths capped. Fail-fast, in schema order.
public enum AnnouncementValidation {
    /// The contract's refusal of a coordinate out of range: a report's, and a sighting's alike.
    public static func coordinateRange(_ axis: String) -> String {
        axis == "latitude" ? "latitude must be between -90 and 90" : "longitude must be between -180 and 180"
    }

    public static let createKeys =
        PetText.allCases.map(\.rawValue) + [
            "species", "sex", "age", "microchipNumber", "locationLatitude", "locationLongitude", "email", "phone",
            "lastSeenDate", "status", "reward", "caregiverPhone", "currentAddress", "collarTag",
            "contactVisibility", "privateTrait", "lifestyle", "temperament", "newToArea",
        ]
    /// The contract's lengths: the pet's texts from `PetText`, the report's from `FieldLimit` (its wire
    /// reward), the contract's own for the rest.
    public static let maxLength = [
        "species": 50, "sex": 20, "reward": FieldLimit.wireReward, "email": ContactRules.emailLimit,
        "phone": ContactRules.phoneLimit, "caregiverPhone": ContactRules.phoneLimit, "currentAddress": FieldLimit.currentAddress,
        "collarTag": FieldLimit.collar,
        "privateTrait": FieldLimit.privateTrait,
    ].merging(PetText.allCases.map { ($0.rawValue, $0.wireLimit) }) { a, _ in a }
    public static let ages = 0...40
    static let statusMessage = "status must be either MISSING or FOUND"

    /// Validates a typed create request exactly as its JSON body would be.
    public static func validateCreate(_ request: CreateAnnouncementRequest, now: Date = Date()) throws(ValidationFailure) -> ValidatedAnnouncement {
        // A number JSON cannot hold (a NaN coordinate) goes as text, and is refused as not a number.
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let body = (try? encoder.encode(request)).flatMap { try? JSONParser.parse($0) }
        return try validateCreate(body, now: now)
    }

    /// Validates a create body; `nil` stands for a missing body or one that is not JSON.
    public static func validateCreate(_ body: JSONValue?, now: Date = Date()) throws(ValidationFailure) -> ValidatedAnnouncement {
        let fields = try FieldReader(body: body)
        // The contract checks the keys in its schema's order (petName, species, breed, sex, age,
        // description, …) and reports the first problem: each text is read after the key it follows.
        var texts: [PetText: String] = [:]
        try fields.readTexts(following: "id", into: &texts)
        let species = try fields.text("species", required: true, freeText: true)!
        try fields.readTexts(following: "species", into: &texts)
        let sex = try fields.text("sex", required: true, freeText: true)!
        let age = try fields.age()
        try fields.readTexts(following: "age", into: &texts)
        let chip = try fields.microchip()
        let latitude = try fields.number("locationLatitude", coordinateRange("latitude"), Coordinate.isValidLatitude)
        let longitude = try fields.number("locationLongitude", coordinateRange("longitude"), Coordinate.isValidLongitude)
        let email = try fields.email()
        let phone = try fields.phone()
        let date = try fields.lastSeenDate(now: now)
        let status = try fields.status(allowed: [.missing, .found], message: statusMessage)
        let reward = try fields.text("reward", required: false, freeText: true)
        let caregiverPhone = try fields.phone("caregiverPhone")
        let currentAddress = try fields.text("currentAddress", required: false, freeText: true)
        let collarTag = try fields.text("collarTag", required: false, freeText: true)
        let visibility = try fields.text("contactVisibility", required: false, freeText: false)
        let trait = try fields.text("privateTrait", required: false, freeText: true)
        let answers = try fields.searchAnswers(species: species)
        guard visibility == nil || ["PUBLIC", "RELAYED"].contains(visibility!) else {
            throw ValidationFailure(.invalidFormat, "contactVisibility must be PUBLIC or RELAYED", field: "contactVisibility")
        }
        try fields.rejectUnknownKeys(allowed: createKeys)
        guard !(email ?? "").isEmpty || !(phone ?? "").isEmpty else {
            throw ValidationFailure(.missingContact, "at least one contact method (email or phone) is required", field: "contact")
        }
        // Messages are relayed by e-mail: a relayed report needs an address to relay them to.
        if visibility == "RELAYED", (email ?? "").isEmpty {
            throw ValidationFailure(.missingValue, "contactVisibility RELAYED needs an email", field: "email")
        }
        var validated = ValidatedAnnouncement(
            species: species, sex: sex, age: age, microchipNumber: chip.nilIfEmpty,
            location: Coordinate(latitude: latitude!, longitude: longitude!), email: email.nilIfEmpty,
            phone: phone.nilIfEmpty, lastSeenDate: date, status: status!, reward: reward.nilIfEmpty,
            privateDetails: PrivateDetails(
                reportedAs: status!, caregiverPhone: caregiverPhone.nilIfEmpty,
                currentAddress: currentAddress.nilIfEmpty, collarTag: collarTag.nilIfEmpty,
                identifyingTrait: status == .missing ? trait.nilIfEmpty : nil,
                searchAnswers: status == .missing ? answers : SearchAnswers()))
        for (text, value) in texts { validated.pet[keyPath: text.keyPath] = value }
        validated.contactRelayed = visibility == "RELAYED"
        return validated
    }
}

extension Optional where Wrapped == String {
    var nilIfEmpty: String? {
        guard let value = self, !value.isEmpty else { return nil }
        return value
    }
}
