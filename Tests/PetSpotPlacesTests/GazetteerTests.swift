import Foundation
import PetSpotDomain
@testable import PetSpotPlaces
import Testing

/// The bundled gazetteer, loaded once for the suite (a few seconds on a debug build).
let world = Result { try Gazetteer.bundled() }

@Suite struct GazetteerTests {
    var gazetteer: Gazetteer { get throws { try world.get() } }

    @Test func foldingMeetsTheScriptsKeys() {
        #expect(PlaceName.fold("  ŁÓDŹ ") == "lodz")
        #expect(PlaceName.fold("Żoliborz") == "zoliborz")
        #expect(PlaceName.fold("Straße  Øresund") == "strasse oresund")
        #expect(PlaceName.fold("São Paulo") == "sao paulo")
    }

    /// A point that is not on Earth names nothing (it once trapped on the grid's arithmetic).
    @Test func aPointOffEarthHasNoName() throws {
        let gazetteer = try gazetteer
        for point in [
            Coordinate(latitude: 1e300, longitude: -1e300), Coordinate(latitude: .nan, longitude: 21),
            Coordinate(latitude: 52, longitude: .infinity), Coordinate(latitude: 91, longitude: 0),
        ] {
            #expect(gazetteer.nearest(to: point) == nil && gazetteer.label(for: point) == nil)
        }
        #expect(gazetteer.label(for: Coordinate(latitude: 52.2297, longitude: 21.0122)) != nil)
    }

    @Test func everyPopulatedPlaceIsThere() throws {
        let gazetteer = try gazetteer
        #expect(gazetteer.count > 230_000)
    }

    @Test func namesAreFoundWithoutDiacriticsAndInEitherLanguage() throws {
        let gazetteer = try gazetteer
        for query in ["Warsaw", "warszawa", "WARSZ", "Warschau"] {
            let first = try #require(gazetteer.search(query).first, "\(query)")
            #expect(first.place.name == "Warsaw" && first.place.countryCode == "PL", "\(query) → \(first.place)")
        }
        let lodz = try #require(gazetteer.search("lodz").first)
        #expect(lodz.place.name == "Łódź" && lodz.place.population > 600_000)
        #expect(gazetteer.search("Krakow").first?.place.name == "Kraków")
        #expect(gazetteer.search("qzxqzx").isEmpty && gazetteer.search("  ").isEmpty)
    }

    /// A Polish reader means Poland's places first, and letters typed as Poles type them mean the places
    /// spelt so (found by an audit: "Krak" offered Caracas first, "Łód" listed Łódź seventh).
    @Test func theReadersCountryAndTheirOwnLettersRankFirst() throws {
        let gazetteer = try gazetteer
        #expect(gazetteer.search("Krak", preferring: "PL").first?.place.name == "Kraków")
        // With no reader's country too: a place's main name outranks another's alternate spelling (Caracas: "Kraks").
        #expect(gazetteer.search("krak").first?.place.name == "Kraków")
        #expect(gazetteer.search("krak").contains { $0.place.name == "Caracas" }, "the alternate spelling still finds it")
        #expect(gazetteer.search("Łód").first?.place.name == "Łódź")
        #expect(gazetteer.search("Łód", preferring: "PL").first?.place.name == "Łódź")
        // Folded, as before, for a reader of no country: the whole name first.
        #expect(gazetteer.search("lod").first?.place.name != "Łódź")
        #expect(gazetteer.search("Warsaw", preferring: "PL").first?.place.countryCode == "PL")
    }

    @Test func nearnessRanksTheNearbyPlaceOfACommonName() throws {
        let gazetteer = try gazetteer
        // Without a position, the populous Warsaw; near Indiana's Warsaw, that one.
        let indiana = Coordinate(latitude: 41.24, longitude: -85.85)
        let near = try #require(gazetteer.search("Warsaw", near: indiana).first)
        #expect(near.place.countryCode == "US" && near.distanceKm! < 5)
        #expect(gazetteer.search("Warsaw", limit: 3).count == 3)
        // A one-letter query ranks the prefix's most populous places.
        #expect(gazetteer.search("w", limit: 5).contains { $0.place.name == "Warsaw" })
    }

    @Test func aPointIsNamedByItsNearestPlaceAndItsArea() throws {
        let gazetteer = try gazetteer
        let label = try #require(gazetteer.label(for: Coordinate(latitude: 52.2690, longitude: 20.9864)))
        #expect(label.place.name == "Żoliborz" && label.distanceKm < 1)
        #expect(label.name == "Żoliborz, Warsaw")
        let centre = try #require(gazetteer.label(for: Coordinate(latitude: 52.2298, longitude: 21.0118)))
        #expect(centre.place.name == "Warsaw" && centre.name == "Warsaw")
    }

    /// The grid search finds what a scan of every place finds, anywhere on Earth (poles and the
    /// date line included).
    @Test func nearestMatchesALinearScan() throws {
        let gazetteer = try gazetteer
        var generator = SystemRandomNumberGenerator()
        var points = [
            Coordinate(latitude: 89.9, longitude: 10), Coordinate(latitude: -89.9, longitude: -170),
            Coordinate(latitude: 0.1, longitude: 179.99), Coordinate(latitude: -45, longitude: -179.99),
        ]
        for _ in 0..<40 {
            points.append(
                Coordinate(
                    latitude: Double.random(in: -90...90, using: &generator),
                    longitude: Double.random(in: -180...180, using: &generator)))
        }
        for point in points {
            let fast = try #require(gazetteer.nearest(to: point))
            let slow = (0..<gazetteer.count).map { point.distanceKm(to: gazetteer.coordinate($0)) }.min()!
            #expect(abs(fast.distanceKm! - slow) < 1e-9, "\(point)")
        }
    }

    @Test func malformedLinesAreSkipped() {
        let text = Array("Good\t5200000\t2100000\t1000\tPL\tgood|dobry\nbad line\nAlso\tx\t1\t1\tPL\talso\nFar\t-9999999\t0\t5\tAQ\tfar\n".utf8)
        let small = Gazetteer(text: text)
        #expect(small.count == 1 && small.search("dob").first?.place.name == "Good")
    }
}

@Suite struct GazetteerIndexTests {
    /// The prefix index answers what a scan of every key answers (queries longer than two letters;
    /// shorter ones rank only the prefix's most populous places, by design).
    @Test func indexedSearchEqualsTheLinearScan() throws {
        let gazetteer = try world.get()
        let near = Coordinate(latitude: 50.06, longitude: 19.94)
        for query in gazetteer.sampleQueries(24, seed: 7) + ["warsz", "lodz", "san jo", "new y"] {
            let fast = gazetteer.search(query, limit: 10), slow = gazetteer.linearSearch(query, limit: 10)
            #expect(fast.map(\.place) == slow.map(\.place), "\(query)")
            #expect(gazetteer.search(query, near: near).map(\.place) == gazetteer.linearSearch(query, near: near).map(\.place), "\(query) near")
        }
    }
}
