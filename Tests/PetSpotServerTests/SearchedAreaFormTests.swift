import Foundation
import Hummingbird
import HummingbirdTesting
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// The owner's "areas already searched" form reads coordinates as people type them, and keeps what was
/// typed when it refuses it.
@Suite struct SearchedAreaFormTests {
    @Test func aDecimalCommaIsReadAndARefusedFormKeepsItsValues() async throws {
        try await TestApp.run { client, _ throws in
            let (id, code) = try await client.createAnnouncement(["locationLatitude": 52.2, "locationLongitude": 21.0])
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.get("/manage/\(id)")
            let owner = try await browser.post("/manage/\(id)", ["code": code])
            #expect(owner.status == .ok)
            let grant = try #require(owner.text.firstMatch(of: /name="grant" value="([^"]+)"/)).1
            let today = String(Timestamp.string(Date()).prefix(10))
            let added = try await browser.post(
                "/manage/\(id)/searched-add",
                ["grant": String(grant), "latitude": "52,1961", "longitude": "20,8861", "radius": "500", "searchedOn": today])
            #expect(added.status == .ok && added.text.contains("name=\"area\" value="), "\(added.status)")
            // A day in the future is refused; the typed values stay in the fields.
            let refused = try await browser.post(
                "/manage/\(id)/searched-add",
                ["grant": String(grant), "latitude": "52,1234", "longitude": "20,5678", "radius": "1000", "searchedOn": "2999-01-01"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("value=\"52,1234\"") && refused.text.contains("value=\"20,5678\""))
            #expect(refused.text.contains("value=\"2999-01-01\""))
            #expect(refused.text.contains(#"<option value="1000" selected"#))
        }
    }
}
