import PetSpotDomain

/// One report of `POST /api/v1/photo-search`: the report as every list shows it, and how alike its photo is
/// to the one searched with, as a code (`VERY_ALIKE`, `SIMILAR`, `SOMEWHAT`) and in words.
public struct PhotoSearchResultDTO: Codable, Sendable {
    public var announcement: AnnouncementDTO
    public var likeness: String
    public var likenessText: String

    public init(announcement: AnnouncementDTO, likeness: Likeness, text: String) {
        self.announcement = announcement
        self.likeness = likeness.rawValue
        likenessText = text
    }
}

/// The answer of `POST /api/v1/photo-search`: the most alike first.
public struct PhotoSearchListDTO: Codable, Sendable {
    public var data: [PhotoSearchResultDTO]
    public init(data: [PhotoSearchResultDTO]) { self.data = data }
}
