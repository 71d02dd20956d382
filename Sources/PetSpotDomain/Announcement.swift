import Foundation

/// The identifier of an announcement: a lower-case UUID string on reports we create; any string the
/// stored data holds on reports imported from elsewhere.
public struct AnnouncementID: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A new random identifier in the contract's format (UUID v4, lower case).
    public static func generate() -> AnnouncementID { AnnouncementID(UUID().uuidString.lowercased()) }
    public var description: String { rawValue }
    /// A literal id, as the seeds' examples write one (`"bb3fc451-…"`).
    public init(stringLiteral value: String) { self.init(value) }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Where a report stands: the pet is missing, the pet was found, or the report is closed (reunited).
public enum AnnouncementStatus: String, Sendable, Codable, CaseIterable {
    case missing = "MISSING"
    case found = "FOUND"
    case closed = "CLOSED"
}

/// A lost-or-found pet report as it is stored and shown.
public struct Announcement: HasPetFacts, Sendable, Equatable {
    public var id: AnnouncementID
    /// Name, species, breed, sex, age, description and chip, read as `report.species`.
    public var pet: PetFacts
    public var location: Coordinate
    /// The day the pet was last seen (or found), `YYYY-MM-DD`.
    public var lastSeenDate: String
    public var email: String?
    public var phone: String?
    /// `/images/<id>.<ext>` once a photo was uploaded.
    public var photoURL: String?
    public var status: AnnouncementStatus
    public var reward: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// The language the reporter used (`en` or `pl`); messages about the report are written in it.
    public var language: String
    /// True when the reporter's e-mail and phone stay private and people write through PetSpot: every
    /// public answer and page then shows neither.
    public var contactRelayed: Bool
    /// Where moderation has it: anything but visible keeps it out of every public list.
    public var moderation: ModerationState = .visible
    /// The report this one repeats, when an operator marked it a duplicate.
    public var duplicateOf: AnnouncementID?
    /// The name of the place its point lies in, as the gazetteer named it when the report was filed: a
    /// search finds the report by it. Kept with the row; nil when the gazetteer had none.
    public var placeName: String?

    public init(
        id: AnnouncementID, pet: PetFacts, location: Coordinate, lastSeenDate: String, email: String? = nil, phone: String? = nil,
        photoURL: String? = nil, status: AnnouncementStatus, reward: String? = nil, createdAt: Date, updatedAt: Date,
        language: String = "en", contactRelayed: Bool = false
    ) {
        self.id = id
        self.pet = pet
        self.location = location
        self.lastSeenDate = lastSeenDate
        self.email = email
        self.phone = phone
        self.photoURL = photoURL
        self.status = status
        self.reward = reward
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.language = language
        self.contactRelayed = contactRelayed
    }

    public init(
        id: AnnouncementID, petName: String? = nil, species: String, breed: String? = nil, sex: String,
        age: Int? = nil, description: String? = nil, microchipNumber: String? = nil, location: Coordinate,
        lastSeenDate: String, email: String? = nil, phone: String? = nil, photoURL: String? = nil,
        status: AnnouncementStatus, reward: String? = nil, createdAt: Date, updatedAt: Date, language: String = "en",
        contactRelayed: Bool = false
    ) {
        self.init(
            id: id,
            pet: PetFacts(
                petName: petName, species: species, breed: breed, sex: sex, age: age, description: description,
                microchipNumber: microchipNumber),
            location: location, lastSeenDate: lastSeenDate, email: email, phone: phone, photoURL: photoURL, status: status,
            reward: reward, createdAt: createdAt, updatedAt: updatedAt, language: language, contactRelayed: contactRelayed)
    }
}

/// What a report keeps out of public view: never in a public page, a public API answer or anyone else's
/// e-mail; shown to the reporter on the manage page (with the code). The one exception is `reportedAs`,
/// public while the report was open: a closed report's page reads it for its wording.
public struct PrivateDetails: Sendable, Equatable, Codable {
    /// The kind the report was filed as, so that a closed report reopens as what it was.
    public var reportedAs: AnnouncementStatus
    /// The Found flow's caregiver: whoever looks after the pet now, and where it is.
    public var caregiverPhone: String?
    public var currentAddress: String?
    /// A Found collar's or tag's text (it often carries the owner's phone).
    public var collarTag: String?
    /// The owner's private identifying trait: something only the owner knows, never shown
    /// publicly, for checking a finder's description against.
    public var identifyingTrait: String?
    /// The owner's answers about how the pet lives, which choose its likely area and plan.
    public var searchAnswers: SearchAnswers

    public init(
        reportedAs: AnnouncementStatus, caregiverPhone: String? = nil, currentAddress: String? = nil,
        collarTag: String? = nil, identifyingTrait: String? = nil, searchAnswers: SearchAnswers = SearchAnswers()
    ) {
        self.reportedAs = reportedAs
        self.caregiverPhone = caregiverPhone
        self.currentAddress = currentAddress
        self.collarTag = collarTag
        self.identifyingTrait = identifyingTrait
        self.searchAnswers = searchAnswers
    }

    /// What a report with no stored details (filed before, or bulk-loaded) answers: only its kind, from
    /// its status; a closed one is taken as missing. The same on every store.
    public static func kindOnly(status: AnnouncementStatus?) -> PrivateDetails {
        PrivateDetails(reportedAs: status == .found ? .found : .missing)
    }
}
