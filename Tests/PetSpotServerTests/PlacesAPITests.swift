import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// `GET /api/v1/places` and `/api/v1/places/reverse` through the real router.
@Suite struct PlacesAPITests {
    /// A place the list does not know is said so, and no "0 reports" as if it had been searched.
    @Test func anUnknownPlaceInTheListIsNotShownAsAnEmptySearch() async throws {
        try await TestApp.run { client, _ throws in
            let page = String(buffer: try await client.execute(uri: "/lost-pets?place=Nowhereville", method: .get, headers: [:], body: nil).body)
            #expect(page.contains("No place of that name"))
            #expect(!page.contains("data-testid=\"list-summary\"") && !page.contains("class=\"empty\""), "\(page)")
        }
    }

    /// A form's coordinates filled from one place's name (the list's link to alerts fills them so) give way
    /// when the person types another place; coordinates typed or picked elsewhere stay (found by an audit:
    /// an alert for Kraków was made for Wrocław).
    @Test func aPointFilledFromAnotherPlaceGivesWayToTheTypedOne() async throws {
        let places = PlaceDirectory()
        let wroclaw = try #require(await places.resolve("Wrocław", language: "pl", limit: 1).first).place.coordinate
        let krakow = try #require(await places.resolve("Kraków", language: "pl", limit: 1).first).place.coordinate
        func filled(_ place: String, _ point: Coordinate) async -> Coordinate? {
            var form = ["place": place, "latitude": String(point.latitude), "longitude": String(point.longitude)]
            _ = await places.fillPoint(of: &form, language: "pl")
            return ReportForm.number(form["latitude"] ?? "").flatMap { lat in
                ReportForm.number(form["longitude"] ?? "").map { Coordinate(latitude: lat, longitude: $0) }
            }
        }
        #expect(await filled("Kraków", wroclaw) == krakow, "the typed place wins over another place's centre")
        #expect(await filled("Wrocław, PL", wroclaw) == wroclaw, "the place the point was filled from keeps it")
        let picked = Coordinate(latitude: wroclaw.latitude + 0.01, longitude: wroclaw.longitude)
        #expect(await filled("Kraków", picked) == picked, "a point picked on the map stays")
        var unknown = ["place": "Nowhereville", "latitude": String(wroclaw.latitude), "longitude": String(wroclaw.longitude)]
        #expect(await places.fillPoint(of: &unknown, language: "en") == false, "a typed place not found is said so")
    }

    @Test func searchFindsPlacesByNameInEitherSpellingWithTheAttribution() async throws {
        try await TestApp.run { client, _ throws in
            for query in ["Warszawa", "warsaw", "WARSZ"] {
                let response = try await client.send(.get, "\(APIPath.places)?q=\(query)&limit=3")
                #expect(response.status == .ok)
                let first = try #require((response.json["data"] as? [[String: Any]])?.first)
                #expect(first["name"] as? String == "Warsaw" && first["countryCode"] as? String == "PL")
                #expect((first["population"] as? Int ?? 0) > 1_000_000 && first["distanceKm"] == nil)
                #expect((response.json["attribution"] as? String)?.contains("GeoNames") == true)
            }
            let twoWords = try await client.send(.get, "\(APIPath.places)?q=Nowy+Targ&limit=1")
            #expect((twoWords.json["data"] as? [[String: Any]])?.first?["name"] as? String == "Nowy Targ")
            let lodz = try await client.send(.get, "\(APIPath.places)?q=%C5%81%C3%B3d%C5%BA")
            #expect((lodz.json["data"] as? [[String: Any]])?.first?["name"] as? String == "Łódź")
            // A Polish reader (the web's suggestions send the page's language) gets Poland's places first.
            let polish = try await client.send(.get, "\(APIPath.places)?q=Krak&limit=3", headers: [.acceptLanguage: "pl"])
            #expect((polish.json["data"] as? [[String: Any]])?.first?["name"] as? String == "Kraków")
            let near = try await client.send(.get, "\(APIPath.places)?q=Warsaw&near=41.24,-85.85&limit=1")
            let indiana = try #require((near.json["data"] as? [[String: Any]])?.first)
            #expect(indiana["countryCode"] as? String == "US" && (indiana["distanceKm"] as? Double ?? 99) < 5)
        }
    }

    @Test func badSearchesAreRefusedWithTheField() async throws {
        try await TestApp.run { client, _ throws in
            for (query, field) in [
                ("", "q"), ("q=", "q"), ("q=a&limit=0", "limit"), ("q=a&limit=51", "limit"), ("q=a&limit=x", "limit"),
                ("q=a&near=91,0", "near"), ("q=a&near=52", "near"), ("q=\(String(repeating: "a", count: 101))", "q"),
                // A control character is text the document's patterns count, not white space to trim away.
                ("q=a&near=52%18,21", "near"),
            ] {
                let response = try await client.send(.get, "\(APIPath.places)?\(query)")
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.error["code"] as? String == "INVALID_PARAMETER" && response.error["field"] as? String == field, "\(query)")
            }
            let control = try await client.send(.get, "\(APIPath.places)?q=%E2%80%87%0D+%18%E2%80%87")
            #expect(control.status == .ok && (control.json["data"] as? [Any])?.isEmpty == true, "\(control.text)")
            let response = try await client.send(.get, "\(APIPath.reversePlace)?lat=52.2")
            #expect(response.status == .badRequest && response.error["field"] as? String == "lng")
        }
    }

    @Test func reverseNamesThePointWithItsArea() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.get, "\(APIPath.reversePlace)?lat=52.2690&lng=20.9864")
            #expect(response.status == .ok)
            #expect(response.json["name"] as? String == "Żoliborz, Warsaw" && response.json["countryCode"] as? String == "PL")
            #expect((response.json["distanceKm"] as? Double ?? 9) < 1)
            #expect((response.json["place"] as? [String: Any])?["name"] as? String == "Żoliborz")
        }
    }
}

/// The list's species and since filters, documented in the OpenAPI file.
@Suite struct ListFilterAPITests {
    @Test func speciesAndSinceNarrowTheListAndBadValuesAreRefused() async throws {
        try await TestApp.run(fixtures: AnnouncementAPITests.seed([Fixture.azor, Fixture.filemon])) { client, _ throws in
            func ids(_ query: String) async throws -> [String] {
                try await client.send(.get, "\(APIPath.announcements)?\(query)").listIDs
            }
            #expect(try await ids("species=DOG") == [Fixture.azorID])
            #expect(try await ids("species=cat,dog").sorted() == [Fixture.azorID, Fixture.filemonID].sorted())
            #expect(try await ids("species=OTHER").isEmpty)
            #expect(try await ids("since=2025-11-19") == [Fixture.azorID])
            #expect(try await ids("since=2025-11-18&species=CAT") == [Fixture.filemonID])
            for (query, field) in [("species=LION", "species"), ("since=2025-02-30", "since"), ("since=yesterday", "since")] {
                let response = try await client.send(.get, "\(APIPath.announcements)?\(query)")
                #expect(response.status == .badRequest && response.error["field"] as? String == field, "\(query)")
            }
            // An empty filter is a mistake like any other bad value; the contract's empty `lat=&lng=` is no filter.
            for field in ["species", "status", "since", "cursor", "q", "sort"] {
                let response = try await client.send(.get, "\(APIPath.announcements)?\(field)=")
                #expect(
                    response.status == .badRequest && response.errorCode == "INVALID_PARAMETER" && response.error["field"] as? String == field
                        && response.error["message"] as? String == "Parameter '\(field)' must not be empty", "\(field)=")
            }
            #expect(try await client.send(.get, "\(APIPath.announcements)?lat=&lng=&range=").status == .ok)
            // Only empty items (`,`) are skipped: the defaults, as `openapi.json` says.
            #expect(try await ids("status=,").sorted() == [Fixture.azorID, Fixture.filemonID].sorted())
            #expect(try await ids("species=,").sorted() == [Fixture.azorID, Fixture.filemonID].sorted())
        }
    }
}
