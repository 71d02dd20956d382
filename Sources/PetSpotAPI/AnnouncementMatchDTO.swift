import Foundation
import PetSpotDomain

/// One candidate of `GET /api/v1/announcements/{id}/matches`: the public report, why it matches
/// (`MICROCHIP` or `SIMILAR`), a score in 0…1 (1 for a chip match), the distance in km and, when both photos'
/// looks are made, how alike the photos are (`VERY_ALIKE`, `SIMILAR` or `SOMEWHAT`; absent otherwise).
public struct AnnouncementMatchDTO: Codable, Sendable, Equatable {
    public var announcement: AnnouncementDTO
    public var reason: String
    public var score: Double
    public var distanceKm: Double
    public var likeness: String?

    public init(_ match: AnnouncementMatch, place: PlaceLabel? = nil) {
        announcement = AnnouncementDTO(match.candidate, place: place)
        reason = match.reason.rawValue
        score = (match.score * 1000).rounded() / 1000
        distanceKm = (match.distanceKm * 100).rounded() / 100
        likeness = match.likeness.map { Likeness(cosine: $0).rawValue }
    }
}

public struct AnnouncementMatchListDTO: Codable, Sendable {
    public var data: [AnnouncementMatchDTO]
    public init(data: [AnnouncementMatchDTO]) { self.data = data }
}
