/// Seed 004's name for what the server answers a new report with: its id and management password.
public typealias AnnouncementResponse = AnnouncementResult

extension CreateAnnouncementRequest {
    /// Seed 004's memberwise order (species, sex, date, place, contact, status, then the optional texts).
    /// The body stays camelCase, as the server and the published apps speak it.
    public init(
        species: String, sex: String, lastSeenDate: String, locationLatitude: Double, locationLongitude: Double,
        email: String?, phone: String?, status: String, microchipNumber: String? = nil, description: String? = nil,
        reward: String? = nil
    ) {
        self.init(
            species: species, sex: sex, description: description, microchipNumber: microchipNumber, locationLatitude: locationLatitude,
            locationLongitude: locationLongitude, email: email, phone: phone, lastSeenDate: lastSeenDate, status: status, reward: reward)
    }
}

extension AnnouncementResult {
    /// Seed 004's `AnnouncementResponse` with every field the server echoes; only the id and the
    /// management password are kept (the flow needs nothing else, as in the reference app).
    public init(
        id: String, managementPassword: String, species: String, sex: String, lastSeenDate: String, locationLatitude: Double,
        locationLongitude: Double, email: String?, phone: String?, status: String, microchipNumber: String? = nil,
        description: String? = nil, reward: String? = nil, photoUrl: String? = nil
    ) {
        self.init(id: AnnouncementID(id), managementPassword: managementPassword)
    }
}
