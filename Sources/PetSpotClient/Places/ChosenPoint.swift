import Foundation

/// The "where" of a form (a sighting, an alert's centre): a place picked in `PlaceSearchViewModel`, whose
/// point stands for it, or the device's location (no name).
public struct ChosenPoint: Equatable, Sendable {
    public private(set) var latitude: Double?
    public private(set) var longitude: Double?
    /// The picked place's name, to show under the field; nil for the device's location.
    public private(set) var placeName: String?

    public init() {}

    mutating func pick(_ place: PlaceDTO, named name: String) {
        latitude = place.latitude
        longitude = place.longitude
        placeName = name
    }

    mutating func locate(_ coordinate: Coordinate) {
        latitude = coordinate.latitude
        longitude = coordinate.longitude
        placeName = nil
    }

    /// The coordinates as a form's text fields have them ("" when none).
    var latitudeText: String { latitude.map { String($0) } ?? "" }
    var longitudeText: String { longitude.map { String($0) } ?? "" }
}
