import Foundation
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// The point a reporter types is where the owner lives: no public page or answer may show it. A report
/// and a stranger's sighting are filed at points off the public areas' grid; then every public page and
/// API answer is read and searched for the typed digits.
@Suite struct PrivacyWalkTests {
    /// Typed at 50.06412, 19.94498; its public area is the grid point 50.0650, 19.9450.
    static let typedDigits = ["50.0641", "50,0641", "19.94498", "19,94498", "50.06412"]
    /// The sighting, typed at 50.07123, 19.93277 (area 50.0700, 19.9350).
    static let sightingDigits = ["50.0712", "50,0712", "19.9327", "19,9327", "19.9328", "19,9328"]

    @Test func noPublicPageOrAnswerShowsTheTypedPoint() async throws {
        try await TestApp.run { client, _ throws in
            let (id, code) = try await client.createAnnouncement([
                "locationLatitude": 50.06412, "locationLongitude": 19.94498,
                "petName": "Kasia", "species": "CAT", "phone": "+48 600 100 200",
                "lastSeenDate": String(Timestamp.string(Date()).prefix(10)),
            ])
            // With a photo, so that it is listed.
            #expect(try await client.uploadPhoto(id, password: code, bytes: Fixture.jpeg).status == .created)
            let sighting = try await client.send(
                .post, APIPath.sightings(AnnouncementID(id)),
                json: #"{"latitude": 50.07123, "longitude": 19.93277, "note": "Under a car"}"#)
            #expect(sighting.status == .created, "\(sighting.text)")
            let short = String(id.replacingOccurrences(of: "-", with: "").prefix(8))
            let pages = [
                "/", "/lost-pets", "/lost-pets?lat=50.06&lng=19.94&radius=5", "/lost-pets?q=Kasia",
                "/lost-pets/\(id)", "/lost-pets/\(id)/flyer", "/lost-pets/\(id)/message", "/lost-pets/\(id)/sighting",
                "/lost-pets/\(id)/flag", "/manage/\(id)", "/p/\(short)",
                APIPath.announcements, APIPath.announcement(AnnouncementID(id)), APIPath.sightings(AnnouncementID(id)),
                "\(APIPath.announcements)?lat=50.06&lng=19.94&range=5", "\(APIPath.announcements)?q=Kasia",
                "\(APIPath.announcements)?lat=50.06&lng=19.94&range=5&q=Kasia",
            ]
            var read = 0
            for page in pages {
                let response = try await client.send(.get, page, headers: [.accept: "text/html,application/json"])
                guard response.status == .ok || response.status == .seeOther || response.status == .found else {
                    Issue.record("\(page): \(response.status)")
                    continue
                }
                read += 1
                let body = response.text + (response.headers[.location] ?? "")
                for digits in Self.typedDigits + Self.sightingDigits {
                    #expect(!body.contains(digits), "\(page) shows the typed point (\(digits))")
                }
                #expect(!body.contains("href=\"\""), "\(page) has a link that goes nowhere")
            }
            #expect(read == pages.count)
            // The report is on the lists walked (else the walk proves nothing).
            #expect(try await client.send(.get, "/").text.contains("/lost-pets/\(id)"))
            #expect(try await client.send(.get, "/lost-pets").text.contains("/lost-pets/\(id)"))
            // The answers do show the area: the report page names its place and the list its area's point.
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).text.contains("50.065"))
        }
    }
}

import PetSpotWeb

/// Where no place name is known (the gazetteer missing or still loading), a card shows the public area.
@Suite struct ReportCardAreaTests {
    @Test func aCardWithoutAPlaceShowsThePublicAreaNotTheTypedPoint() {
        let report = Announcement.mock(location: Coordinate(latitude: 50.06412, longitude: 19.94498))
        let card = ReportCard(report, strings: Strings(.en))
        #expect(card.coordinates == "50.0650° N, 19.9450° E")
    }
}
