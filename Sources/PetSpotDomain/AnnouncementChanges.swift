/// What an owner changes on a report: each property is nil when left as it is; for the optional texts,
/// `.some(nil)` clears the value.
public struct AnnouncementChanges: Sendable, Equatable {
    public var status: AnnouncementStatus?
    public var petName: String??
    public var breed: String??
    public var description: String??
    public var reward: String??

    public init(
        status: AnnouncementStatus? = nil, petName: String?? = nil, breed: String?? = nil,
        description: String?? = nil, reward: String?? = nil
    ) {
        self.status = status
        self.petName = petName
        self.breed = breed
        self.description = description
        self.reward = reward
    }

    /// Applies the changes to `announcement`.
    public func applied(to announcement: Announcement) -> Announcement {
        var result = announcement
        if let status { result.status = status }
        if let petName { result.petName = petName }
        if let breed { result.breed = breed }
        if let description { result.description = description }
        if let reward { result.reward = reward }
        return result
    }
}
