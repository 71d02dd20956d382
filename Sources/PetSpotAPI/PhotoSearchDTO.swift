import PetSpotDomain

/// One report of `POST /api/v1/photo-search`: the report as every list shows it, and how alike its photo is
/// to the one searched with, as a code (`VERY_ALIKE`, `SIMILAR`, `SOMEWHAT`) and in words.
public struct PhotoSearchResultDTO: Codable, Sendable {
    public var announcement: AnnouncementDTO
    public var likeness: String
    public var likenessText: String
    /// From the searched point to the report's public area, when a point was given.
    public var distanceKm: Double?

    public init(announcement: AnnouncementDTO, likeness: Likeness, text: String, distanceKm: Double? = nil) {
        self.announcement = announcement
        self.likeness = likeness.rawValue
        likenessText = text
        self.distanceKm = distanceKm.map { ($0 * 100).rounded() / 100 }
    }
}

/// The answer of `POST /api/v1/photo-search`: the most alike first.
public struct PhotoSearchListDTO: Codable, Sendable {
    /// The message of the 503 that says search by photo is off on the server (the model is not installed), as
    /// apart from a 503 that says it is busy.
    public static let offMessage = "Search by photo is off on this server"
    public var data: [PhotoSearchResultDTO]
    public init(data: [PhotoSearchResultDTO]) { self.data = data }
}
