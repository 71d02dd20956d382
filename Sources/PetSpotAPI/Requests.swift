import Foundation
import PetSpotDomain

/// The body of `POST /api/v1/announcements` as a client sends it: optional values are omitted, never
/// `null` (the contract rejects `null`).
public struct CreateAnnouncementRequest: HasPetFacts, Codable, Sendable, Equatable {
    /// The pet's fields, on the wire at the top level beside the others.
    public var pet: PetFacts
    public var locationLatitude: Double
    public var locationLongitude: Double
    public var email: String?
    public var phone: String?
    public var lastSeenDate: String
    public var status: String
    public var reward: String?
    /// Private: kept with the report, never in a public answer (the published apps do not send them).
    public var caregiverPhone: String?
    public var currentAddress: String?
    public var collarTag: String?
    /// `PUBLIC` (the default) or `RELAYED`.
    public var contactVisibility: String?
    /// Private: the owner's identifying trait, to check finders' descriptions against.
    public var privateTrait: String?
    /// Missing reports: a cat's lifestyle, a dog's temperament, new to the area.
    public var lifestyle: String?
    public var temperament: String?
    public var newToArea: Bool?

    public init(
        petName: String? = nil, species: String, breed: String? = nil, sex: String, age: Int? = nil,
        description: String? = nil, microchipNumber: String? = nil, locationLatitude: Double,
        locationLongitude: Double, email: String? = nil, phone: String? = nil, lastSeenDate: String,
        status: String, reward: String? = nil, caregiverPhone: String? = nil, currentAddress: String? = nil,
        collarTag: String? = nil
    ) {
        pet = PetFacts(
            petName: petName, species: species, breed: breed, sex: sex, age: age, description: description,
            microchipNumber: microchipNumber)
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.email = email
        self.phone = phone
        self.lastSeenDate = lastSeenDate
        self.status = status
        self.reward = reward
        self.caregiverPhone = caregiverPhone
        self.currentAddress = currentAddress
        self.collarTag = collarTag
    }

    enum CodingKeys: String, CodingKey {
        case locationLatitude, locationLongitude, email, phone, lastSeenDate, status, reward, caregiverPhone, currentAddress,
            collarTag, contactVisibility, privateTrait, lifestyle, temperament, newToArea
    }

    public init(from decoder: any Decoder) throws {
        pet = try PetFacts(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        locationLatitude = try c.decode(Double.self, forKey: .locationLatitude)
        locationLongitude = try c.decode(Double.self, forKey: .locationLongitude)
        lastSeenDate = try c.decode(String.self, forKey: .lastSeenDate)
        status = try c.decode(String.self, forKey: .status)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        phone = try c.decodeIfPresent(String.self, forKey: .phone)
        reward = try c.decodeIfPresent(String.self, forKey: .reward)
        caregiverPhone = try c.decodeIfPresent(String.self, forKey: .caregiverPhone)
        currentAddress = try c.decodeIfPresent(String.self, forKey: .currentAddress)
        collarTag = try c.decodeIfPresent(String.self, forKey: .collarTag)
        contactVisibility = try c.decodeIfPresent(String.self, forKey: .contactVisibility)
        privateTrait = try c.decodeIfPresent(String.self, forKey: .privateTrait)
        lifestyle = try c.decodeIfPresent(String.self, forKey: .lifestyle)
        temperament = try c.decodeIfPresent(String.self, forKey: .temperament)
        newToArea = try c.decodeIfPresent(Bool.self, forKey: .newToArea)
    }

    /// Optional values left out, never `null` (the contract rejects `null`).
    public func encode(to encoder: any Encoder) throws {
        try pet.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(locationLatitude, forKey: .locationLatitude)
        try c.encode(locationLongitude, forKey: .locationLongitude)
        try c.encode(lastSeenDate, forKey: .lastSeenDate)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(email, forKey: .email)
        try c.encodeIfPresent(phone, forKey: .phone)
        try c.encodeIfPresent(reward, forKey: .reward)
        try c.encodeIfPresent(caregiverPhone, forKey: .caregiverPhone)
        try c.encodeIfPresent(currentAddress, forKey: .currentAddress)
        try c.encodeIfPresent(collarTag, forKey: .collarTag)
        try c.encodeIfPresent(contactVisibility, forKey: .contactVisibility)
        try c.encodeIfPresent(privateTrait, forKey: .privateTrait)
        try c.encodeIfPresent(lifestyle, forKey: .lifestyle)
        try c.encodeIfPresent(temperament, forKey: .temperament)
        try c.encodeIfPresent(newToArea, forKey: .newToArea)
    }

    /// The one mapping from a filled-in form to the create request, for the web and PetSpotClient:
    /// blank optional values left out, the phone as digits and `+`, the chip from the flow's field.
    public init(form: ReportForm) {
        func text(_ value: String) -> String? {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        self.init(
            species: form.species, sex: form.sex, age: Int(form.age), microchipNumber: form.chipNumber,
            locationLatitude: ReportForm.number(form.latitude) ?? .nan, locationLongitude: ReportForm.number(form.longitude) ?? .nan,
            email: text(form.email), phone: text(ContactRules.sanitizedPhone(form.phone)), lastSeenDate: form.lastSeenDate,
            status: form.kind.rawValue, reward: text(form.reward),
            caregiverPhone: text(ContactRules.sanitizedPhone(form.caregiverPhone)), currentAddress: text(form.currentAddress),
            collarTag: form.collarTag)
        for field in PetText.allCases { pet[keyPath: field.keyPath] = text(form[field.formField]) }
        contactVisibility = form.contactPublic ? nil : "RELAYED"
        privateTrait = text(form.privateTrait)
        if form.kind == .missing {
            let answers = form.searchAnswers.fitting(species: form.species)
            (lifestyle, temperament, newToArea) = (answers.lifestyle?.rawValue, answers.temperament?.rawValue, answers.newToArea)
        }
    }
}

/// The body of `PATCH /api/v1/announcements/{id}`: only the keys present change; `null` clears an
/// optional text.
public struct UpdateAnnouncementRequest: Encodable, Sendable, Equatable {
    public var status: AnnouncementStatus?
    public var petName: String?
    public var breed: String?
    public var description: String?
    public var reward: String?

    public init(
        status: AnnouncementStatus? = nil, petName: String? = nil, breed: String? = nil,
        description: String? = nil, reward: String? = nil
    ) {
        self.status = status
        self.petName = petName
        self.breed = breed
        self.description = description
        self.reward = reward
    }
}

/// The body of register and login.
public struct UserCredentialsRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// The answer to register and login.
public struct UserTokenDTO: Codable, Sendable {
    public var userId: String
    public var accessToken: String
    public init(userId: String, accessToken: String) {
        self.userId = userId
        self.accessToken = accessToken
    }
}

/// The answer of `GET /api/health`, and of `GET /api/ready` with its details.
public struct HealthDTO: Codable, Sendable {
    public var status: String
    public var timestamp: String
    public var details: ReadyDetailsDTO?
    public init(status: String, timestamp: String) {
        self.status = status
        self.timestamp = timestamp
    }
}

/// What `GET /api/ready` says of the optional parts: whether look-alikes (search by photo) are on, and how to
/// turn them on when they are not.
public struct ReadyDetailsDTO: Codable, Sendable {
    public struct Feature: Codable, Sendable {
        public var enabled: Bool
        public var message: String
        public init(enabled: Bool, message: String) {
            self.enabled = enabled
            self.message = message
        }
    }
    public var lookAlikes: Feature
    public init(lookAlikes: Feature) { self.lookAlikes = lookAlikes }
}
