import Foundation
import PetSpotDomain

/// A sighting in `GET/POST /api/v1/announcements/{id}/sightings`: its public area (never the point
/// given), its place's name, the note and the photo. Shared by the server and PetSpotClient.
public struct SightingDTO: Codable, Sendable, Equatable {
    public var id: String
    public var announcementId: String
    /// ISO-8601 UTC.
    public var seenAt: String
    public var latitude: Double
    public var longitude: Double
    public var place: PlaceLabelDTO?
    public var note: String?
    public var photoUrl: String?
    public var createdAt: String
    /// Only in the owner's view.
    public var hidden: Bool?

    public init(_ sighting: Sighting, place: PlaceLabel?, showHidden: Bool = false) {
        id = sighting.id
        announcementId = sighting.reportID.rawValue
        seenAt = Timestamp.string(sighting.seenAt)
        let area = PublicArea(around: sighting.location).center
        latitude = area.latitude
        longitude = area.longitude
        self.place = place.map { PlaceLabelDTO($0, from: area) }
        note = sighting.note
        photoUrl = sighting.photoURL
        createdAt = Timestamp.string(sighting.createdAt)
        hidden = showHidden ? sighting.hidden : nil
    }
}

/// `GET /api/v1/announcements/{id}/sightings`: newest seen first.
public struct SightingListDTO: Codable, Sendable, Equatable {
    public var data: [SightingDTO]

    public init(data: [SightingDTO]) { self.data = data }
}

/// The body of `POST /api/v1/announcements/{id}/sightings` (JSON; or the same names as form fields of a
/// `multipart/form-data` body with an optional `photo`).
public struct CreateSightingRequest: Codable, Sendable, Equatable {
    public var seenAt: String?
    public var latitude: Double
    public var longitude: Double
    public var note: String?
    /// To hear when the pet is found; deleted once told. Never shown.
    public var email: String?

    public init(seenAt: String? = nil, latitude: Double, longitude: Double, note: String? = nil, email: String? = nil) {
        self.seenAt = seenAt
        self.latitude = latitude
        self.longitude = longitude
        self.note = note
        self.email = email
    }
}
