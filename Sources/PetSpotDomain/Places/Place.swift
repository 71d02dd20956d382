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

    /// The name a page in `language` shows: the gazetteer's (GeoNames') name, save the few Polish places it
    /// names in English, which Polish pages call as Poles do (an audit read "Okolica: Warsaw").
    public func name(in language: String) -> String {
        language == "pl" && countryCode == "PL" ? Self.polishNames[name] ?? name : name
    }

    static let polishNames = ["Warsaw": "Warszawa", "Bielsko-Biala": "Bielsko-Biała"]
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
    public var name: String { name(in: "en") }

    /// ``name`` as a page in `language` shows it ("Żoliborz, Warszawa" in Polish).
    public func name(in language: String) -> String {
        guard let area, area.name != place.name else { return place.name(in: language) }
        return "\(place.name(in: language)), \(area.name(in: language))"
    }
}
