import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
import Testing

/// Reference cases §11.1 #16–#32 (location query), plus order, status and paging.
@Suite struct ListQueryTests {
    static let located = AnnouncementAPITests.seed([Fixture.krakow, Fixture.nearby, Fixture.warsaw])
    static let krakow = Fixture.krakow.id.rawValue, nearby = Fixture.nearby.id.rawValue, warsaw = Fixture.warsaw.id.rawValue

    @Test(arguments: [
        ("lat=50.0614&lng=19.9383&range=10", [krakow, nearby]),
        ("lat=0&lng=0&range=10", []),
        ("lat=50.0614&lng=19.9383&range=300", [krakow, nearby, warsaw]),
        ("lat=50.0614&lng=19.9383&range=5", [krakow, nearby]),
        ("lat=50.0614&lng=19.9383", [krakow, nearby]),
        ("", [krakow, nearby, warsaw]),
        ("range=10", [krakow, nearby, warsaw]),
        ("lat=&lng=", [krakow, nearby, warsaw]),
        ("lat=50.0614abc&lng=19.9383&range=1e1", [krakow, nearby]),
    ])
    func nearbySearch(_ query: String, _ expected: [String]) async throws {
        try await TestApp.run(everyDatabase: true, fixtures: Self.located) { client, _ throws in
            let response = try await client.send(.get, "\(APIPath.announcements)?\(query)")
            #expect(response.status == .ok)
            #expect(Set(response.listIDs) == Set(expected))
        }
    }

    @Test(arguments: [
        ("lat=50.0614", "lng", "Parameter 'lng' is required when 'lat' is provided"),
        ("lng=19.9383", "lat", "Parameter 'lat' is required when 'lng' is provided"),
        ("lat=91&lng=19.9383", "lat", "Parameter 'lat' must be between -90 and 90"),
        ("lat=-91&lng=19.9383", "lat", "Parameter 'lat' must be between -90 and 90"),
        ("lat=50.0614&lng=181", "lng", "Parameter 'lng' must be between -180 and 180"),
        ("lat=50.0614&lng=-181", "lng", "Parameter 'lng' must be between -180 and 180"),
        ("lat=abc&lng=19.9383", "lat", "Parameter 'lat' must be a valid number"),
        ("lat=50.0614&lng=xyz", "lng", "Parameter 'lng' must be a valid number"),
        ("lat=50.0614&lng=19.9383&range=0.5", "range", "Parameter 'range' must be an integer"),
        ("lat=50.0614&lng=19.9383&range=10.5", "range", "Parameter 'range' must be an integer"),
        ("lat=50.0614&lng=19.9383&range=Infinity", "range", "Parameter 'range' must be an integer"),
        ("range=abc", "range", "Parameter 'range' must be a valid number"),
        ("lat=50&range=0", "range", "Parameter 'range' must be greater than zero"),
        ("lat=50&lng=1&range=-1", "range", "Parameter 'range' must be a positive number"),
        ("status=LOST", "status", "Parameter 'status' must be MISSING, FOUND or CLOSED"),
        ("limit=0", "limit", "Parameter 'limit' must be an integer between 1 and 1000"),
        ("limit=1001", "limit", "Parameter 'limit' must be an integer between 1 and 1000"),
        ("cursor=garbage", "cursor", "Parameter 'cursor' is not valid"),
    ])
    func invalidParameters(_ query: String, _ field: String, _ message: String) async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.get, "\(APIPath.announcements)?\(query)")
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "INVALID_PARAMETER")
            #expect(response.error["field"] as? String == field)
            #expect(response.error["message"] as? String == message)
        }
    }

    @Test func newestFirstAndPagedWithLinkHeader() async throws {
        try await TestApp.run { client, _ throws in
            var ids: [String] = []
            for i in 0..<5 {
                let (id, password) = try await client.createAnnouncement(["petName": "Pet \(i)"])
                #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
                ids.append(id)
            }
            let all = try await client.send(.get, APIPath.announcements)
            #expect(all.listIDs == ids.reversed())
            #expect(all.headers[.init("Link")!] == nil)

            var page = try await client.send(.get, "\(APIPath.announcements)?limit=2")
            var paged: [String] = page.listIDs
            while let link = page.headers[.init("Link")!] {
                let next = try #require(link.firstMatch(of: /<([^>]+)>; rel="next"/)?.1)
                page = try await client.send(.get, String(next))
                paged += page.listIDs
            }
            #expect(paged == ids.reversed())
        }
    }

    @Test func closedReportsLeaveTheDefaultList() async throws {
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            _ = try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg)
            let patch = try await client.send(
                .patch, APIPath.announcement(AnnouncementID(id)), json: #"{"status":"CLOSED"}"#,
                headers: [.authorization: Basic.header(id, password)])
            #expect(patch.status == .ok && patch.json["status"] as? String == "CLOSED")
            #expect(try await client.send(.get, APIPath.announcements).listIDs == [])
            #expect(try await client.send(.get, "\(APIPath.announcements)?status=CLOSED").listIDs == [id])
            #expect(try await client.send(.get, "\(APIPath.announcements)?status=MISSING,CLOSED").listIDs == [id])
        }
    }
}
