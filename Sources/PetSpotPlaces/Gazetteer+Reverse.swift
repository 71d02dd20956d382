import Foundation
import PetSpotDomain

/// Naming a point: the nearest place, found by searching the grid ring by ring outwards until no
/// closer place can be in the next ring.
extension Gazetteer {
    /// A larger place within this distance names the area ("Żoliborz, Warsaw").
    static let areaRadiusKm = 25.0

    /// The nearest place to `point` and how far it is; nil for an empty gazetteer or a point that is not
    /// on Earth (out of range, not a number).
    public func nearest(to point: Coordinate) -> PlaceMatch? {
        guard !places.isEmpty, point.isValid else { return nil }
        let (row, column) = Self.rowAndColumn(point)
        var best: (place: Int, km: Double)?
        for ring in 0...Self.longitudeCells {
            if let best, Self.ringLowerBoundKm(ring, latitude: point.latitude) > best.km { break }
            forEachCell(inRing: ring, row: row, column: column) { cell in
                for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    let place = Int(byCell[slot])
                    let km = point.distanceKm(to: coordinate(place))
                    if km < best?.km ?? .infinity { best = (place, km) }
                }
            }
        }
        return best.map { PlaceMatch(place: place($0.place), distanceKm: $0.km) }
    }

    /// The nearest place and the larger one it belongs with, if any: the most populous place within
    /// 25 km with at least five times its inhabitants (and 50,000).
    public func label(for point: Coordinate) -> PlaceLabel? {
        guard let nearest = nearest(to: point) else { return nil }
        let (row, column) = Self.rowAndColumn(point)
        let rings = Int((Self.areaRadiusKm / (111.19 * Self.cellDegrees * max(0.05, cos(min(89.0, abs(point.latitude) + 1) * .pi / 180)))).rounded(.up))
        var area: (place: Int, population: UInt32)?
        let needed = max(50_000, UInt64(nearest.place.population) * 5)
        for ring in 0...min(rings, Self.longitudeCells / 2) {
            forEachCell(inRing: ring, row: row, column: column) { cell in
                for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                    let place = Int(byCell[slot]), population = places[place].population
                    guard UInt64(population) >= needed, population > area?.population ?? 0,
                        point.distanceKm(to: coordinate(place)) <= Self.areaRadiusKm
                    else { continue }
                    area = (place, population)
                }
            }
        }
        return PlaceLabel(
            place: nearest.place, area: area.map { place($0.place) }, distanceKm: nearest.distanceKm ?? 0,
            timeZone: TimeZones.system.identifier(country: nearest.place.countryCode, near: point))
    }

    static func rowAndColumn(_ point: Coordinate) -> (Int, Int) {
        let cell = cell(latitude: point.latitude, longitude: point.longitude)
        return (cell / longitudeCells, cell % longitudeCells)
    }

    /// No place in ring `ring` (or beyond) is closer than this: `ring - 1` whole cells away in latitude,
    /// or in longitude at the ring's most poleward latitude.
    static func ringLowerBoundKm(_ ring: Int, latitude: Double) -> Double {
        guard ring >= 2 else { return 0 }
        let degrees = Double(ring - 1) * cellDegrees
        let poleward = min(90, abs(latitude) + Double(ring) * cellDegrees)
        return 111.19 * degrees * max(0, cos(poleward * .pi / 180))
    }

    /// The cells at Chebyshev distance `ring` from (row, column), longitude wrapping, each once.
    func forEachCell(inRing ring: Int, row: Int, column: Int, _ body: (Int) -> Void) {
        var seen: Set<Int> = []
        func visit(_ r: Int, _ c: Int) {
            guard r >= 0, r < Self.latitudeCells else { return }
            let wrapped = ((c % Self.longitudeCells) + Self.longitudeCells) % Self.longitudeCells
            let cell = r * Self.longitudeCells + wrapped
            if ring < Self.longitudeCells / 2 - 1 || seen.insert(cell).inserted { body(cell) }
        }
        guard ring > 0 else { return visit(row, column) }
        for c in (column - ring)...(column + ring) {
            visit(row - ring, c)
            visit(row + ring, c)
        }
        for r in (row - ring + 1)..<(row + ring) {
            visit(r, column - ring)
            visit(r, column + ring)
        }
    }
}
