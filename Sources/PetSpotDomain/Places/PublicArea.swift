import Foundation

/// What public pages show of where a pet was: an area, never the doorstep. The point is snapped to a
/// grid of 0.005° (about 550 m north–south) and shown as a 450 m circle around the grid point, which
/// always holds the real point (at most about 390 m from it). Only the reporter is given the exact
/// point. Nearby search measures from the grid point too: a search that measured from the exact point
/// would give it away to anyone moving a small circle's edge across it.
public struct PublicArea: Sendable, Equatable {
    public static let gridDegrees = 0.005
    public static let radiusMeters = 450.0
    /// The furthest a real point is from its grid point (half a cell each way, at the equator), rounded up.
    public static let offsetKm = 0.4

    public var center: Coordinate

    public init(around point: Coordinate) {
        // Divided, not multiplied, back: 14.54, not 14.540000000000001.
        func snap(_ value: Double) -> Double { (value / Self.gridDegrees).rounded() / (1 / Self.gridDegrees) }
        center = Coordinate(latitude: max(-90, min(90, snap(point.latitude))), longitude: max(-180, min(180, snap(point.longitude))))
    }
}

extension PublicArea {
    /// From `point` to the public area of a report at `location`: the one distance a stranger is shown
    /// or searched by (nearby search, matches, alert e-mails, the web list's cards).
    public static func distanceKm(from point: Coordinate, toReportAt location: Coordinate) -> Double {
        point.distanceKm(to: PublicArea(around: location).center)
    }
}

extension Announcement {
    /// The report as anyone may read it: its point moved to its public area's centre.
    /// Only the reporter (the create answer, reads with the code) sees the exact point.
    public var inPublicArea: Announcement {
        var copy = self
        copy.location = PublicArea(around: location).center
        return copy
    }
}
