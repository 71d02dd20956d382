import PetSpotDomain

/// The body of `POST /api/v1/announcements` as a client sends it: optional values are omitted, never
/// `null` (the contract rejects `null`).
public struct CreateAnnouncementRequest: Codable, Sendable, Equatable {
    public var petName: String?
    public var species: String
    public var breed: String?
    public var sex: String
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?
    public var locationLatitude: Double
    public var locationLongitude: Double
    public var email: String?
    public var phone: String?
    public var lastSeenDate: String
    public var status: String
    public var reward: String?

    public init(
        petName: String? = nil, species: String, breed: String? = nil, sex: String, age: Int? = nil,
        description: String? = nil, microchipNumber: String? = nil, locationLatitude: Double,
        locationLongitude: Double, email: String? = nil, phone: String? = nil, lastSeenDate: String,
        status: String, reward: String? = nil
    ) {
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.email = email
        self.phone = phone
        self.lastSeenDate = lastSeenDate
        self.status = status
        self.reward = reward
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

    public init(status: AnnouncementStatus? = nil, petName: String? = nil, breed: String? = nil,
                description: String? = nil, reward: String? = nil) {
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

/// The answer of `GET /api/health`.
public struct HealthDTO: Codable, Sendable {
    public var status: String
    public var timestamp: String
    public init(status: String, timestamp: String) {
        self.status = status
        self.timestamp = timestamp
    }
}
