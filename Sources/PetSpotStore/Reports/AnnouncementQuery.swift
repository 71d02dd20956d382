import Foundation
import PetSpotDomain

/// Which announcements a list asks for. Results come newest first (created, then id, descending).
public struct AnnouncementQuery: Sendable, Equatable {
    /// Reports whose public area's centre is within `radiusKm` (strictly less) of `center` (`PublicArea`).
    public struct Nearby: Sendable, Equatable {
        public var center: Coordinate
        public var radiusKm: Double
        public init(center: Coordinate, radiusKm: Double) {
            self.center = center
            self.radiusKm = radiusKm
        }

        /// Measured to the report's public area on every backend (`PublicArea.distanceKm`).
        public func contains(_ location: Coordinate) -> Bool { PublicArea.distanceKm(from: center, toReportAt: location) < radiusKm }

        /// A box around the exact points of every report the search may find, for the indexes, which
        /// hold exact points.
        public var box: BoundingBox { center.boundingBox(radiusKm: radiusKm + PublicArea.offsetKm) }
    }

    public var nearby: Nearby?
    public var statuses: Set<AnnouncementStatus>
    /// Reports without a photo are hidden from lists, as the apps expect.
    public var withPhotoOnly: Bool
    public var limit: Int?
    public var after: AnnouncementCursor?
    /// Only these species (stored text read as the apps read it: unknown text is OTHER); nil: all.
    public var species: Set<AnimalSpecies>?
    /// Only pets last seen (or found) on this day (`YYYY-MM-DD`) or later.
    public var lastSeenSince: String?
    /// Leaves out reports whose reporter was asked "still missing?" and last confirmed before this
    /// stored time (`CheckInStore`); nil keeps them.
    public var confirmedSince: String?
    /// Keeps reports that moderation holds, hides or marks duplicate: never on a public list.
    public var includeModerated = false
    /// Only reports that meet at least one of these terms, the ones meeting more first, then the
    /// newest filed; with `searchByNewest`, all of them newest filed first.
    public var search: SearchText?
    public var searchByNewest = false

    public init(
        nearby: Nearby? = nil, statuses: Set<AnnouncementStatus> = [.missing, .found],
        withPhotoOnly: Bool = true, limit: Int? = nil, after: AnnouncementCursor? = nil,
        species: Set<AnimalSpecies>? = nil, lastSeenSince: String? = nil, confirmedSince: String? = nil
    ) {
        self.nearby = nearby
        self.statuses = statuses
        self.withPhotoOnly = withPhotoOnly
        self.limit = limit
        self.after = after
        self.species = species
        self.lastSeenSince = lastSeenSince
        self.confirmedSince = confirmedSince
    }

    /// The SQL condition on `a.species` for `species` (the known names upper-cased and trimmed; OTHER
    /// for everything else), or nil for all.
    public var speciesCondition: String? {
        guard let species, species.count < AnimalSpecies.allCases.count else { return nil }
        let known = AnimalSpecies.allCases.filter { $0 != .other }.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let named = species.filter { $0 != .other }.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        var parts: [String] = []
        if !named.isEmpty { parts.append("upper(trim(a.species)) IN (\(named))") }
        if species.contains(.other) { parts.append("upper(trim(a.species)) NOT IN (\(known))") }
        return parts.isEmpty ? "1 = 0" : "(" + parts.joined(separator: " OR ") + ")"
    }

    /// True when `announcement` belongs in the result (order and limit aside).
    public func matches(_ announcement: Announcement) -> Bool {
        guard includeModerated || announcement.moderation == .visible else { return false }
        guard statuses.contains(announcement.status), !withPhotoOnly || announcement.photoURL != nil else { return false }
        if let species, !species.contains(AnimalSpecies(apiValue: announcement.species)) { return false }
        if let lastSeenSince, announcement.lastSeenDate < lastSeenSince { return false }
        if let after {
            let key = (Timestamp.string(announcement.createdAt), announcement.id.rawValue)
            guard key < (after.createdAt, after.id.rawValue) else { return false }
        }
        guard let nearby else { return true }
        return nearby.contains(announcement.location)
    }
}
