import Foundation
import PetSpotDomain

/// The same answers without the indexes: every key and every place looked at. The benchmark's baseline,
/// and the tests' reference for the indexed searches.
extension Gazetteer {
    public func linearSearch(_ query: String, near: Coordinate? = nil, limit: Int = 10) -> [PlaceMatch] {
        let folded = Array(PlaceName.fold(query).utf8)
        guard !folded.isEmpty, limit > 0 else { return [] }
        var best: [UInt32: Double] = [:]
        for key in keys where Int(key.length) >= folded.count {
            let start = Int(key.offset)
            guard text[start..<(start + folded.count)].elementsEqual(folded) else { continue }
            let score = Self.score(
                quality: quality(of: key, matching: folded.count), population: places[Int(key.place)].population,
                distanceKm: near.map { $0.distanceKm(to: coordinate(Int(key.place))) })
            if score > best[key.place] ?? -.infinity { best[key.place] = score }
        }
        return ranked(best, near: near, limit: limit)
    }

    public func linearNearest(to point: Coordinate) -> PlaceMatch? {
        var best: (place: Int, km: Double)?
        for place in places.indices {
            let km = point.distanceKm(to: coordinate(place))
            if km < best?.km ?? .infinity { best = (place, km) }
        }
        return best.map { PlaceMatch(place: place($0.place), distanceKm: $0.km) }
    }

    /// Search queries as people type them: the first 3 to 8 letters of places' names, picked at random
    /// (with `seed`) in proportion to nothing but their count, so small places dominate as they do.
    public func sampleQueries(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            let name = place(next() % places.count).name
            return String(name.prefix(3 + next() % 6))
        }
    }
}
