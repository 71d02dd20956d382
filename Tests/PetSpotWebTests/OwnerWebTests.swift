import Foundation
import PetSpotDomain
import HTTPTypes
import Hummingbird
import Testing

/// The owner's tools on the web: what a finder types is kept privately for the owner, the owner edits and reopens
/// a report behind a grant the code earned, and a known chip is refused where it is typed.
@Suite struct OwnerWebTests {
    static let collar = "Burek, tel. 600 700 800", caregiver = "+48 601 234 567", address = "ul. Polna 3, Warszawa"

    static func grant(_ page: WebBrowser.Page) throws -> String {
        String(try #require(page.html.firstMatch(of: /name="grant" value="([0-9]+\.[0-9a-f]+)"/)?.1))
    }

    @Test func aFinderTypesPrivateDetailsOnlyTheOwnerSees() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            _ = try await browser.upload("/report-found/photo", photo: pngBytes)
            var page = try await browser.post(
                "/report-found/details",
                [
                    "date": "2025-05-02", "collar": Self.collar, "species": "DOG",
                    "gender": "UNKNOWN", "latitude": "52,23", "longitude": "21,01",
                ])
            #expect(page.location == "/report-found/contact")
            page = try await browser.get("/report-found/contact")
            #expect(page.html.contains("Reward (optional)") && page.html.contains("Phone number (required)"))
            page = try await browser.post(
                "/report-found/contact",
                [
                    "phone": "600 100 200", "email": "finder@example.com", "reward": "A walk in the park",
                    "caregiverPhone": Self.caregiver, "address": Self.address,
                ])
            #expect(page.location == "/report-found/created")
            page = try await browser.get("/report-found/created")
            let code = String(try #require(page.html.firstMatch(of: /data-testid="management-code">(\d{6})</)?.1))
            let href = String(try #require(page.html.firstMatch(of: /href="(\/lost-pets\/[0-9a-f-]{36})"/)?.1))
            let id = String(href.dropFirst("/lost-pets/".count))
            #expect(!page.html.contains("data-testid=\"chip-lookup\""), "a collar with a name and a phone is no chip number")

            // Public: the details page, the report's and the list's API answers carry none of it.
            let details = try await browser.get(href)
            #expect(details.html.contains("A walk in the park"))
            let single = try await browser.get("/api/v1/announcements/\(id)")
            let list = try await browser.get("/api/v1/announcements")
            for text in [details.html, single.html, list.html] {
                #expect(!text.contains("48601234567") && !text.contains("601 234 567") && !text.contains("Polna") && !text.contains("Burek"))
            }
            #expect(single.html.contains("\"status\":\"FOUND\"") && !single.html.contains("microchipNumber\":\""))

            // The owner of the report, with the code, sees them.
            page = try await browser.post("/manage/\(id)", ["code": code])
            #expect(page.status == .ok && page.html.contains("data-testid=\"private\""))
            #expect(page.html.contains("+48601234567") && page.html.contains(Self.address) && page.html.contains("Burek, tel. 600 700 800"))
            // A wrong code shows nothing private.
            page = try await browser.post("/manage/\(id)", ["code": code == "000000" ? "111111" : "000000"])
            #expect(page.status == .forbidden && !page.html.contains("Polna"))
        }
    }

    /// One maximum per field on the web: the edit page offers the lengths the report was filed with
    /// (`FieldLimit`), and a longer reward or description sent anyway is refused, the report unchanged.
    @Test func theEditPageKeepsTheFormsLengths() async throws {
        try await withWebApp { browser in
            let (href, code) = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex")
            let id = String(href.dropFirst("/lost-pets/".count))
            let grant = try Self.grant(try await browser.post("/manage/\(id)", ["code": code]))
            let edit = try await browser.post("/manage/\(id)/edit", ["grant": grant])
            #expect(edit.html.contains("name=\"reward\"") && edit.html.contains("maxlength=\"\(FieldLimit.reward)\""))
            #expect(edit.html.contains("maxlength=\"\(PetText.description.formLimit)\"") && !edit.html.contains("maxlength=\"2000\""))
            let long = String(repeating: "r", count: FieldLimit.reward + 1)
            let refused = try await browser.post(
                "/manage/\(id)/save",
                [
                    "grant": grant, "petName": "Rex", "breed": "",
                    "description": String(repeating: "d", count: PetText.description.formLimit + 1), "reward": long,
                ])
            #expect(refused.status == .badRequest)
            // Each field past its limit says so, under itself.
            #expect(refused.html.contains("Enter at most \(FieldLimit.reward) characters"))
            #expect(refused.html.contains("Enter at most \(PetText.description.formLimit) characters"))
            #expect(!(try await browser.get(href)).html.contains(long))
        }
    }

    @Test func theOwnerEditsReunitesAndReopensWithTheGrantTheCodeEarned() async throws {
        try await withWebApp { browser in
            let (href, code) = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex")
            let id = String(href.dropFirst("/lost-pets/".count))
            var page = try await browser.post("/manage/\(id)", ["code": code])
            var grant = try Self.grant(page)
            #expect(!page.html.contains("id=\"field-code\""), "the owner is not asked for the code again")

            page = try await browser.post("/manage/\(id)/edit", ["grant": grant])
            #expect(page.html.contains("Edit your report") && page.html.contains("value=\"Rex\""))
            page = try await browser.post(
                "/manage/\(id)/save",
                [
                    "grant": grant, "petName": "Kora", "breed": "",
                    "description": "Black ears <b>", "reward": "200 zł",
                ])
            #expect(page.html.contains("Your changes are saved."))
            let details = try await browser.get(href)
            #expect(details.html.contains("Kora") && details.html.contains("200 zł") && !details.html.contains("Beagle"))
            #expect(details.html.contains("Black ears") && !details.html.contains("<b>"))

            // The photo is replaced through the edit page's form.
            let photo = String(try #require(details.html.firstMatch(of: /src="(\/images\/[^"]+)"/)?.1))
            let before = try await browser.get(photo).headers[.contentLength]
            page = try await browser.upload("/manage/\(id)/photo?grant=\(grant)", photo: pngBytes + [1, 2, 3])
            #expect(page.html.contains("The new photo is saved."))
            let after = try await browser.get(photo).headers[.contentLength]
            #expect(before == "\(pngBytes.count)" && after == "\(pngBytes.count + 3)")

            page = try await browser.post("/manage/\(id)/reunite-confirmed", ["grant": grant])
            #expect(page.html.contains("CLOSED"))
            page = try await browser.post("/manage/\(id)", ["code": code])
            grant = try Self.grant(page)
            #expect(page.html.contains("value=\"reopen\""))
            page = try await browser.post("/manage/\(id)/reopen", ["grant": grant])
            #expect(page.html.contains("The report is open again"))
            #expect(try await browser.get("/api/v1/announcements/\(id)").html.contains("\"status\":\"MISSING\""))

            // A grant is this browser's only, and a forged one is worth nothing.
            var stranger = WebBrowser(client: browser.client)
            _ = try await stranger.get("/manage/\(id)")
            page = try await stranger.post("/manage/\(id)/delete-confirmed", ["grant": grant])
            #expect(page.status == .badRequest)
            page = try await browser.post("/manage/\(id)/delete-confirmed", ["grant": "9999999999.00"])
            #expect(page.status == .badRequest)
            #expect(try await browser.get(href).status == .ok)

            // Each change has its own route: the code form's address changes nothing, whatever it is sent,
            // and a change that does not exist is not found.
            page = try await browser.post("/manage/\(id)", ["grant": grant, "action": "delete-confirmed"])
            #expect(page.status == .ok && page.html.contains("formaction=\"/manage/\(id)/delete\""))
            #expect(try await browser.get(href).status == .ok)
            #expect(try await browser.post("/manage/\(id)/destroy", ["grant": grant]).status == .notFound)
            let reopened = try await browser.get("/manage/\(id)/delete-confirmed")
            #expect(reopened.status == .seeOther && reopened.headers[.location] == "/manage/\(id)")
        }
    }

    @Test func aKnownChipIsRefusedOnTheFirstStepWithALinkToItsReport() async throws {
        try await withWebApp { browser in
            let body =
                #"{"species":"DOG","sex":"MALE","lastSeenDate":"2025-11-20","status":"MISSING","locationLatitude":52.2,"locationLongitude":21.0,"phone":"600700800","microchipNumber":"123456789012345"}"#
            let created = try await browser.send(
                "/api/v1/announcements", method: .post, contentType: "application/json",
                body: ByteBuffer(string: body))
            let id = String(try #require(created.html.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1))
            _ = try await browser.get("/report-missing/microchip")
            let page = try await browser.post("/report-missing/microchip", ["microchip": "12345-67890-12345"])
            #expect(page.status == .badRequest)
            #expect(page.html.contains("An open report already has this microchip number"))
            #expect(page.html.contains("href=\"/lost-pets/\(id)\""))
            // Another chip goes on.
            #expect(try await browser.post("/report-missing/microchip", ["microchip": "12345-67890-12346"]).location == "/report-missing/photo")
        }
    }

    /// The language switch of the owner's pages posts the grant (and what was typed) back: the owner stays in.
    @Test func theOwnerSwitchesLanguageWithoutTypingTheCodeAgain() async throws {
        try await withWebApp { browser in
            let owner = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex")
            let id = String(owner.href.dropFirst("/lost-pets/".count))
            var page = try await browser.post("/manage/\(id)", ["code": owner.code])
            #expect(page.html.contains(#"form="step-form" formaction="/manage/\#(id)?nav=language""#))
            page = try await browser.post("/manage/\(id)?nav=language", ["grant": try Self.grant(page)])
            #expect(page.status == .ok && page.html.contains("<html lang=\"pl\">") && page.html.contains("id=\"owner-actions\""))
            page = try await browser.post("/manage/\(id)/edit", ["grant": try Self.grant(page)])
            #expect(page.html.contains(#"formaction="/manage/\#(id)/edit?nav=language""#))
            page = try await browser.post("/manage/\(id)/edit?nav=language", ["grant": try Self.grant(page), "petName": "Reksio"])
            #expect(page.html.contains("<html lang=\"en\">") && page.html.contains(#"value="Reksio""#), "what was typed is kept")
            #expect(try await browser.get("/api/v1/announcements/\(id)").html.contains(#""petName":"Rex""#), "and not saved")
            // Without the grant, the switch changes nothing but the language: the code is asked for.
            page = try await browser.post("/manage/\(id)?nav=language", [:])
            #expect(!page.html.contains("id=\"owner-actions\""))
        }
    }
}
