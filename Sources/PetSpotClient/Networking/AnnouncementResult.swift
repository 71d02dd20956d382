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
