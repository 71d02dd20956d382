import Foundation

/// A point on Earth in degrees. Latitude −90…90, longitude −180…180.
public struct Coordinate: Sendable, Equatable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius the contract's distance uses, in kilometres.
    public static let earthRadiusKm = 6371.0

    public static func isValidLatitude(_ value: Double) -> Bool { value.isFinite && (-90...90).contains(value) }
    public static func isValidLongitude(_ value: Double) -> Bool { value.isFinite && (-180...180).contains(value) }

    /// Both parts in range.
    public var isValid: Bool { Self.isValidLatitude(latitude) && Self.isValidLongitude(longitude) }

    /// Great-circle distance in km by the spherical law of cosines, the contract's formula, with the cosine
    /// clamped to [−1, 1] so that a point equal to `self` is at distance 0 rather than NaN.
    public func distanceKm(to other: Coordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δλ = (other.longitude - longitude) * .pi / 180
        let cosine = cos(φ1) * cos(φ2) * cos(Δλ) + sin(φ1) * sin(φ2)
        return Self.earthRadiusKm * acos(min(1, max(-1, cosine)))
    }

    /// A latitude/longitude box that contains every point within `radiusKm` of `self`. The longitude span
    /// may wrap past ±180°, so it is given as one or two ranges; near a pole it covers every longitude.
    public func boundingBox(radiusKm: Double) -> BoundingBox {
        let angular = radiusKm / Self.earthRadiusKm
        let latDelta = angular * 180 / .pi
        let minLat = latitude - latDelta, maxLat = latitude + latDelta
        if minLat <= -90 || maxLat >= 90 || angular >= .pi / 2 {
            return BoundingBox(latitudes: max(-90, minLat)...min(90, maxLat), longitudes: [-180...180])
        }
        // Largest longitude offset reached on the circle (tangent point), see "Finding points within a
        // distance of a latitude/longitude" (J. P. Matuschek).
        let lngDelta = asin(min(1, sin(angular) / cos(latitude * .pi / 180))) * 180 / .pi
        let west = longitude - lngDelta, east = longitude + lngDelta
        var ranges: [ClosedRange<Double>] = []
        if west < -180 {
            ranges = [(west + 360)...180, -180...east]
        } else if east > 180 {
            ranges = [west...180, -180...(east - 360)]
        } else {
            ranges = [west...east]
        }
        return BoundingBox(latitudes: minLat...maxLat, longitudes: ranges)
    }
}

/// A rectangle on the latitude/longitude grid; its longitudes are one range, or two when it wraps.
public struct BoundingBox: Sendable, Equatable {
    public var latitudes: ClosedRange<Double>
    public var longitudes: [ClosedRange<Double>]

    public func contains(_ point: Coordinate) -> Bool {
        latitudes.contains(point.latitude) && longitudes.contains { $0.contains(point.longitude) }
    }
}
