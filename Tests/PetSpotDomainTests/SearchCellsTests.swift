import Foundation
import PetSpotDomain
import Testing

/// The grid cells a nearby search asks the word index for hold every point of its circle.
@Suite struct SearchCellsTests {
    @Test(arguments: [
        (52.2297, 21.0122, 10.0), (51.1, 17.0, 2.0), (-33.87, 151.21, 25.0), (64.1, -21.9, 40.0), (0.0, 179.99, 10.0),
        (0.0, -179.99, 5.0), (89.5, 10.0, 10.0),
    ])
    func theCellsCoverEveryPointOfTheCircle(_ lat: Double, _ lng: Double, _ km: Double) throws {
        let center = Coordinate(latitude: lat, longitude: lng)
        guard let cells = SearchCells.covering(center.boundingBox(radiusKm: km)).map(Set.init) else {
            #expect(lat > 89, "only a circle over the pole needs more than \(SearchCells.maximumCells) cells")
            return
        }
        #expect(cells.count <= SearchCells.maximumCells)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let north = Double.random(in: -km...km, using: &random), east = Double.random(in: -km...km, using: &random)
            let latitude = lat + north / 111.19
            var longitude = lng + east / (111.19 * cos(latitude * .pi / 180))
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            let point = Coordinate(latitude: latitude, longitude: longitude)
            guard point.distanceKm(to: center) < km else { continue }
            #expect(!cells.isDisjoint(with: SearchCells.tokens(for: point)), "\(point) is \(point.distanceKm(to: center)) km away")
        }
    }
}
