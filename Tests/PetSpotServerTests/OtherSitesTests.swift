import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// A stranger's page cannot aim its visitors' browsers (each another network) at PetSpot's own writes:
/// flags would hold reports, messages get the visitor blocked through a scam flag (found by an audit).
/// Apps send no `Origin`; the old backend's operations stay open to any page.
@Suite struct OtherSitesTests {
    static let evil: HTTPFields = [.origin: "https://evil.example", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]

    @Test func aBrowserOnAnotherSiteCannotFlagMessageOrFileSightings() async throws {
        try await TestApp.run { client, _ in
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil])
            let base = "\(APIPath.announcements)/\(report.id)"
            let writes: [(String, String)] = [
                ("\(base)/flags", #"{"reason":"SCAM"}"#),
                ("\(base)/messages", #"{"name":"Jan","email":"jan@example.com","message":"I saw your dog by the park"}"#),
                ("\(base)/sightings", #"{"latitude":52.2,"longitude":21.0}"#),
                ("/api/v1/alerts", #"{"email":"a@example.com","latitude":52.2,"longitude":21.0,"radiusKm":5}"#),
                ("/api/v1/my-reports", #"{"email":"owner@example.pl"}"#),
            ]
            for (path, body) in writes {
                let others: [HTTPFields] = [
                    Self.evil, [.origin: "https://evil.example"], [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
                    [.origin: "null"], // a sandboxed frame or a redirect, in a browser without fetch metadata
                ]
                for headers in others {
                    let refused = try await client.send(.post, path, json: body, headers: headers)
                    #expect(refused.status == .forbidden && refused.errorCode == "UNAUTHORIZED", "\(path) \(headers)")
                }
            }
            #expect(try await client.send(.get, base).status == .ok, "nothing was held")
            // From an app (no Origin) and from PetSpot's own pages they work.
            #expect(try await client.send(.post, "\(base)/sightings", json: writes[2].1).status == .created)
            let own: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
            #expect(try await client.send(.post, "\(base)/messages", json: writes[1].1, headers: own).status == .accepted)
            // The old backend's operations stay open to any page, as its cors() left them.
            let created = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["microchipNumber": nil]), headers: Self.evil)
            #expect(created.status == .created)
        }
    }
}
