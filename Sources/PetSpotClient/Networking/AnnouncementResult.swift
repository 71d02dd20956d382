/// What a create returns that the app needs: the new report's id and its management password, decoded
/// from the 201 answer (whose other keys it leaves).
public struct AnnouncementResult: Sendable, Equatable, Codable {
    public var id: AnnouncementID
    public var managementPassword: String

    public init(id: AnnouncementID, managementPassword: String) {
        self.id = id
        self.managementPassword = managementPassword
    }
}

extension AnnouncementResult {
    private enum Keys: String, CodingKey {
        case id, managementPassword
        case seedManagementPassword = "management_password"
    }

    /// Decodes the server's `managementPassword`, or seed 004's snake_case `management_password`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let password =
            try container.decodeIfPresent(String.self, forKey: .managementPassword)
            ?? container.decode(String.self, forKey: .seedManagementPassword)
        self.init(id: try container.decode(AnnouncementID.self, forKey: .id), managementPassword: password)
    }
}
