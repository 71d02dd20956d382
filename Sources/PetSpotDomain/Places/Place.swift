import Foundation

/// A populated place of the gazetteer.
public struct Place: Sendable, Equatable, Codable {
    public var name: String
    /// ISO 3166-1 alpha-2.
    public var countryCode: String
    public var population: Int
    public var coordinate: Coordinate

    public init(name: String, countryCode: String, population: Int, coordinate: Coordinate) {
        self.name = name
        self.countryCode = countryCode
        self.population = population
        self.coordinate = coordinate
    }
}

/// A place found by name, with its distance from the point the search was near (when one was given).
public struct PlaceMatch: Sendable, Equatable {
    public var place: Place
    public var distanceKm: Double?

    public init(place: Place, distanceKm: Double?) {
        self.place = place
        self.distanceKm = distanceKm
    }
}

/// What a point is called: the nearest place, the larger place it belongs with when there is one
/// ("Żoliborz, Warsaw"), and how far the point is from the nearest place.
public struct PlaceLabel: Sendable, Equatable, Codable {
    public var place: Place
    /// A larger place nearby that people would name with it, if any.
    public var area: Place?
    public var distanceKm: Double
    /// The IANA time zone there (`Europe/Warsaw`), when the system knows it: times are shown in it.
    public var timeZone: String?

    public init(place: Place, area: Place?, distanceKm: Double, timeZone: String? = nil) {
        self.place = place
        self.area = area
        self.distanceKm = distanceKm
        self.timeZone = timeZone
    }

    /// "Żoliborz, Warsaw" or "Warsaw".
    public var name: String {
        guard let area, area.name != place.name else { return place.name }
        return "\(place.name), \(area.name)"
    }
}
