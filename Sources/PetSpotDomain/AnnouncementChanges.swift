/// What an owner changes on a report: each property is nil when left as it is; for the optional texts,
/// `.some(nil)` clears the value.
public struct AnnouncementChanges: Sendable, Equatable {
    public var status: AnnouncementStatus?
    /// The pet's texts (`PetText`) to change: a text sets one, nil clears it; one not here stays.
    public var texts: [PetText: String?] = [:]
    public var reward: String??

    public init(
        status: AnnouncementStatus? = nil, petName: String?? = nil, breed: String?? = nil,
        description: String?? = nil, reward: String?? = nil
    ) {
        self.status = status
        texts[.petName] = petName
        texts[.breed] = breed
        texts[.description] = description
        self.reward = reward
    }

    /// Applies the changes to `announcement`.
    public func applied(to announcement: Announcement) -> Announcement {
        var result = announcement
        if let status { result.status = status }
        for (text, value) in texts { result.pet[keyPath: text.keyPath] = value }
        if let reward { result.reward = reward }
        return result
    }
}
