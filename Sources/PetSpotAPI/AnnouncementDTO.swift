import Foundation
import PetSpotDomain

/// The announcement on the wire: exactly the contract's 18 camelCase keys, optional values as `null`.
/// The server encodes it and PetSpotClient decodes it. Decoding is as lenient as the published apps
/// are with what a server may send: any species or sex text, `null` or missing optional values, the
/// older `ACTIVE` status; it fails only without an id, valid coordinates or a known status.
public struct AnnouncementDTO: HasPetFacts, Codable, Sendable, Equatable {
    public var id: String
    /// Name, species, breed, sex, age, description and chip: on the wire at the top level.
    public var pet: PetFacts
    public var locationLatitude: Double
    public var locationLongitude: Double
    public var lastSeenDate: String
    public var email: String?
    public var phone: String?
    public var photoUrl: String?
    public var status: String
    public var reward: String?
    public var createdAt: String
    public var updatedAt: String
    /// Added to the contract's 18 keys: what the report's point is called (absent when unknown).
    public var place: PlaceLabelDTO?
    /// Added: `PUBLIC`, or `RELAYED` when e-mail and phone are withheld and messages go through PetSpot.
    public var contactVisibility: String?

    /// The keys beside the pet's texts (`PetText`, which are their own coding keys).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, species, sex, age, microchipNumber, locationLatitude, locationLongitude, lastSeenDate, email, phone, photoUrl, status, reward, createdAt,
            updatedAt, place, contactVisibility
    }

    public init(_ announcement: Announcement, place: PlaceLabel? = nil) {
        self.place = place.map { PlaceLabelDTO($0, from: announcement.location) }
        id = announcement.id.rawValue
        pet = announcement.pet
        locationLatitude = announcement.location.latitude
        locationLongitude = announcement.location.longitude
        lastSeenDate = announcement.lastSeenDate
        // A relayed report's contact details never leave the server.
        email = announcement.contactRelayed ? nil : announcement.email
        phone = announcement.contactRelayed ? nil : announcement.phone
        contactVisibility = announcement.contactRelayed ? "RELAYED" : "PUBLIC"
        photoUrl = announcement.photoURL
        status = announcement.status.rawValue
        reward = announcement.reward
        createdAt = Timestamp.string(announcement.createdAt)
        updatedAt = Timestamp.string(announcement.updatedAt)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func number(_ key: CodingKeys) -> Double? { (try? c.decodeIfPresent(Double.self, forKey: key)) ?? nil }
        let status = (text(.status) ?? AnnouncementStatus.missing.rawValue).trimmingCharacters(in: .whitespaces).uppercased()
        guard let id = text(.id), !id.isEmpty, let latitude = number(.locationLatitude), let longitude = number(.locationLongitude),
            Coordinate(latitude: latitude, longitude: longitude).isValid,
            let known = status == "ACTIVE" ? .missing : AnnouncementStatus(rawValue: status)
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "An announcement needs an id, valid coordinates and a known status"))
        }
        self.id = id
        pet = PetFacts(
            species: text(.species) ?? AnimalSpecies.other.rawValue, sex: text(.sex) ?? AnimalSex.unknown.rawValue,
            age: (try? c.decodeIfPresent(Int.self, forKey: .age)) ?? nil, microchipNumber: text(.microchipNumber))
        let texts = try decoder.container(keyedBy: PetText.self)
        for key in PetText.allCases { pet[keyPath: key.keyPath] = (try? texts.decodeIfPresent(String.self, forKey: key)) ?? nil }
        locationLatitude = latitude
        locationLongitude = longitude
        lastSeenDate = text(.lastSeenDate) ?? ""
        email = text(.email)
        phone = text(.phone)
        photoUrl = text(.photoUrl)
        self.status = known.rawValue
        reward = text(.reward)
        createdAt = text(.createdAt) ?? ""
        updatedAt = text(.updatedAt) ?? ""
        place = (try? c.decodeIfPresent(PlaceLabelDTO.self, forKey: .place)) ?? nil
        contactVisibility = text(.contactVisibility)
    }

    /// The report it describes, for an app (timestamps it cannot read become 1970-01-01).
    public var announcement: Announcement {
        Announcement(
            id: AnnouncementID(id), pet: pet, location: Coordinate(latitude: locationLatitude, longitude: locationLongitude),
            lastSeenDate: lastSeenDate,
            email: email, phone: phone, photoURL: photoUrl, status: AnnouncementStatus(rawValue: status) ?? .missing,
            reward: reward, createdAt: Timestamp.date(createdAt) ?? Date(timeIntervalSince1970: 0),
            updatedAt: Timestamp.date(updatedAt) ?? Date(timeIntervalSince1970: 0),
            contactRelayed: contactVisibility == "RELAYED")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        var texts = encoder.container(keyedBy: PetText.self)
        for key in PetText.allCases { try texts.encode(pet[keyPath: key.keyPath], forKey: key) }
        try c.encode(pet.species, forKey: .species)
        try c.encode(pet.sex, forKey: .sex)
        try c.encode(pet.age, forKey: .age)
        try c.encode(pet.microchipNumber, forKey: .microchipNumber)
        try c.encode(locationLatitude, forKey: .locationLatitude)
        try c.encode(locationLongitude, forKey: .locationLongitude)
        try c.encode(lastSeenDate, forKey: .lastSeenDate)
        try c.encode(email, forKey: .email)
        try c.encode(phone, forKey: .phone)
        try c.encode(photoUrl, forKey: .photoUrl)
        try c.encode(status, forKey: .status)
        try c.encode(reward, forKey: .reward)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(place, forKey: .place)
        try c.encodeIfPresent(contactVisibility, forKey: .contactVisibility)
    }
}

/// The 201 answer to a create: the announcement plus its management password, shown this once.
public struct CreatedAnnouncementDTO: Codable, Sendable {
    public var announcement: AnnouncementDTO
    public var managementPassword: String

    public init(announcement: AnnouncementDTO, managementPassword: String) {
        self.announcement = announcement
        self.managementPassword = managementPassword
    }

    enum CodingKeys: String, CodingKey { case managementPassword }

    public init(from decoder: any Decoder) throws {
        announcement = try AnnouncementDTO(from: decoder)
        managementPassword = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .managementPassword)
    }

    public func encode(to encoder: any Encoder) throws {
        try announcement.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(managementPassword, forKey: .managementPassword)
    }
}

/// The list answer, `{"data": [...]}`. Read leniently: an item that cannot be understood is skipped
/// instead of failing the whole list, and a repeated id keeps its first item.
public struct AnnouncementListDTO: Codable, Sendable {
    public var data: [AnnouncementDTO]
    public init(data: [AnnouncementDTO]) { self.data = data }

    enum CodingKeys: String, CodingKey { case data }

    public init(from decoder: any Decoder) throws {
        var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .data)
        var items: [AnnouncementDTO] = [], seen = Set<String>()
        while !list.isAtEnd {
            if let item = try? list.decode(AnnouncementDTO.self) {
                if seen.insert(item.id).inserted { items.append(item) }
            } else {
                _ = try? list.decode(Skipped.self)
            }
        }
        data = items
    }

    /// Consumes one element of any shape.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
