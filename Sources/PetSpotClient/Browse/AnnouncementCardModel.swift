/// One report as a row of the list shows it.
public struct AnnouncementCardModel: Sendable, Equatable, Identifiable {
    public var id: AnnouncementID
    public var photoURL: String?
    public var petName: String?
    public var coordinatesText: String
    public var speciesText: String
    /// The breed, or "-" when unknown.
    public var breedText: String
    public var status: AnnouncementStatus
    public var statusText: String
    public var dateText: String

    public init(_ announcement: Announcement, formatting: DisplayFormatting) {
        id = announcement.id
        photoURL = announcement.photoURL
        petName = announcement.petName
        coordinatesText = formatting.coordinates(announcement.location)
        speciesText = formatting.species(AnimalSpecies(apiValue: announcement.species))
        breedText = announcement.breed.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
        status = announcement.status
        statusText = formatting.status(announcement.status)
        dateText = formatting.reportDate(announcement.lastSeenDate)
    }
}
