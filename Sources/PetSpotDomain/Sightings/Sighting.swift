import Foundation

/// Someone saw a missing pet: when, where, what they noticed, perhaps a photo. Anyone may add
/// one to an open missing report without an account; the owner may hide it (spam, a mistake).
public struct Sighting: Sendable, Equatable, Identifiable {
    public var id: String
    public var reportID: AnnouncementID
    public var seenAt: Date
    /// Where, as given; pages and answers show its public area, never the point.
    public var location: Coordinate
    public var note: String?
    /// `/images/sighting-<id>.<version>.<ext>` once a photo is stored, served only while this row names it.
    public var photoURL: String?
    public var hidden: Bool
    public var createdAt: Date

    public init(
        id: String = UUID().uuidString.lowercased(), reportID: AnnouncementID, seenAt: Date, location: Coordinate,
        note: String?, photoURL: String? = nil, hidden: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.reportID = reportID
        self.seenAt = seenAt
        self.location = location
        self.note = note
        self.photoURL = photoURL
        self.hidden = hidden
        self.createdAt = createdAt
    }

    /// The prefix of a sighting photo's file name, which tells it from a report's.
    public static let photoPrefix = "sighting-"
}

/// Someone who left an e-mail with a sighting to hear when the pet is found; the address is deleted once
/// they are told (or with the report).
public struct SightingWatcher: Sendable, Equatable {
    public var email: String
    public var language: String

    public init(email: String, language: String) {
        self.email = email
        self.language = language
    }
}

/// A sighting whose author left an address to hear when the pet is found.
public struct SightingWatch: Sendable, Equatable {
    public var sightingID: String
    public var reportID: AnnouncementID
    public var seenAt: Date

    public init(sightingID: String, reportID: AnnouncementID, seenAt: Date) {
        self.sightingID = sightingID
        self.reportID = reportID
        self.seenAt = seenAt
    }
}
