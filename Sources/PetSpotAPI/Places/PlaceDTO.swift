import Foundation
import PetSpotDomain

/// A place in the answers of `GET /api/v1/places` (with `distanceKm` when the search was `near` a point).
public struct PlaceDTO: Codable, Sendable, Equatable {
    public var name: String
    public var countryCode: String
    public var population: Int
    public var latitude: Double
    public var longitude: Double
    public var distanceKm: Double?

    public init(_ place: Place, distanceKm: Double? = nil) {
        name = place.name
        countryCode = place.countryCode
        population = place.population
        latitude = place.coordinate.latitude
        longitude = place.coordinate.longitude
        self.distanceKm = distanceKm.map(Self.oneDecimal)
    }

    static func oneDecimal(_ km: Double) -> Double { (km * 10).rounded() / 10 }
}

/// `GET /api/v1/places`: the places found, best first, and the data's attribution.
public struct PlaceListDTO: Codable, Sendable, Equatable {
    public var data: [PlaceDTO]
    public var attribution: String

    public init(data: [PlaceDTO], attribution: String) {
        self.data = data
        self.attribution = attribution
    }
}

/// What a point is called: `GET /api/v1/places/reverse`, and the `place` of every report object.
public struct PlaceLabelDTO: Codable, Sendable, Equatable {
    /// "Żoliborz, Warsaw": the nearest place, and the larger one it belongs with.
    public var name: String
    public var countryCode: String
    /// From the point to the nearest place, one decimal.
    public var distanceKm: Double

    /// `label`, its distance measured from `point` when given: a report's shown point (its public area
    /// in a public answer), so the distance cannot place the exact point more finely than the area.
    public init(_ label: PlaceLabel, from point: Coordinate? = nil) {
        name = label.name
        countryCode = label.place.countryCode
        distanceKm = PlaceDTO.oneDecimal(point.map(label.place.coordinate.distanceKm) ?? label.distanceKm)
    }
}

/// `GET /api/v1/places/reverse`: the label, the nearest place itself, and the data's attribution.
public struct ReversePlaceDTO: Codable, Sendable, Equatable {
    public var name: String
    public var countryCode: String
    public var distanceKm: Double
    public var place: PlaceDTO
    public var attribution: String

    public init(label: PlaceLabelDTO, place: PlaceDTO, attribution: String) {
        name = label.name
        countryCode = label.countryCode
        distanceKm = label.distanceKm
        self.place = place
        self.attribution = attribution
    }
}

/// The query of `GET /api/v1/places`: `q` (1–100 characters), `limit` (1–50, default 10), `near=lat,lng`.
public struct PlaceSearchParameters: Sendable, Equatable {
    public var query: String
    public var limit: Int
    public var near: Coordinate?

    public init(_ values: [String: [String]]) throws(ValidationFailure) {
        let query = (values["q"]?.first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw ValidationFailure(.invalidParameter, "Parameter 'q' is required", field: "q") }
        guard query.count <= 100 else { throw ValidationFailure(.invalidParameter, "Parameter 'q' must be at most 100 characters", field: "q") }
        self.query = query
        if let text = values["limit"]?.first {
            guard let limit = Int(text), (1...50).contains(limit) else {
                throw ValidationFailure(.invalidParameter, "Parameter 'limit' must be an integer between 1 and 50", field: "limit")
            }
            self.limit = limit
        } else {
            limit = 10
        }
        if let text = values["near"]?.first {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lat = parts[0], let lng = parts[1], Coordinate.isValidLatitude(lat), Coordinate.isValidLongitude(lng) else {
                throw ValidationFailure(.invalidParameter, "Parameter 'near' must be 'latitude,longitude' within range", field: "near")
            }
            near = Coordinate(latitude: lat, longitude: lng)
        } else {
            near = nil
        }
    }
}

/// The query of `GET /api/v1/places/reverse`: `lat` and `lng`, both required.
public struct ReverseParameters: Sendable, Equatable {
    public var point: Coordinate

    public init(_ values: [String: [String]]) throws(ValidationFailure) {
        func read(_ name: String, _ valid: (Double) -> Bool, _ bounds: String) throws(ValidationFailure) -> Double {
            guard let text = values[name]?.first, !text.isEmpty else {
                throw ValidationFailure(.invalidParameter, "Parameter '\(name)' is required", field: name)
            }
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), valid(value) else {
                throw ValidationFailure(.invalidParameter, "Parameter '\(name)' must be a number between \(bounds)", field: name)
            }
            return value
        }
        point = Coordinate(
            latitude: try read("lat", Coordinate.isValidLatitude, "-90 and 90"),
            longitude: try read("lng", Coordinate.isValidLongitude, "-180 and 180"))
    }
}
