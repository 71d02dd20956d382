/// What a create returns that the app needs: the new report's id and its management password.
public struct AnnouncementResult: Sendable, Equatable {
    public var id: AnnouncementID
    public var managementPassword: String

    public init(id: AnnouncementID, managementPassword: String) {
        self.id = id
        self.managementPassword = managementPassword
    }
}
