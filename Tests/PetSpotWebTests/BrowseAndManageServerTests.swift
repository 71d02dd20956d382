import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// Landing, list, details, management, languages and error pages through the real router.
@Suite struct BrowseAndManageServerTests {
    static func createReport(_ browser: inout WebBrowser, name: String = "Rex") async throws -> (href: String, code: String) {
        _ = try await browser.get("/")
        _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
        _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
        var description = MissingFlowServerTests.description
        description["petName"] = name
        _ = try await browser.post("/report-missing/description", description)
        _ = try await browser.post("/report-missing/contact", MissingFlowServerTests.contact)
        let created = try await browser.get("/report-missing/created")
        let code = try #require(created.html.firstMatch(of: /data-testid="management-code">(\d{6})</)?.1)
        let href = try #require(created.html.firstMatch(of: /href="(\/lost-pets\/[0-9a-f-]{36})"/)?.1)
        _ = try await browser.post("/report-missing/finish", [:])
        return (String(href), String(code))
    }

    @Test func landingPageHasActionsAndStrictPolicy() async throws {
        try await withWebApp { browser in
            let page = try await browser.get("/")
            #expect(page.status == .ok)
            #expect(page.html.contains("Find Your Pet"))
            #expect(page.html.contains("href=\"/report-missing/microchip\""))
            #expect(page.html.contains("href=\"/report-found/photo\""))
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(!page.html.contains("<script>"))
            #expect(!page.html.contains("style=\""))
        }
    }

    /// The menu marks where the visitor is: its own page as the page, a report or a later step as its part.
    @Test func theMenuMarksTheCurrentPlace() async throws {
        try await withWebApp { browser throws in
            func current(_ path: String) async throws -> [String] {
                try await browser.get(path).html.matches(of: /<a href="([^"]+)" aria-current="([a-z]+)"/).map { "\($0.1) \($0.2)" }
            }
            #expect(try await current("/") == [])
            #expect(try await current("/lost-pets?species=DOG") == ["/lost-pets page"])
            #expect(try await current("/report-missing/microchip") == ["/report-missing/microchip page"])
            #expect(try await current("/report-found/photo") == ["/report-found/photo page"])
            #expect(try await current("/lost-pets/00000000-0000-4000-8000-000000000000") == ["/lost-pets true"])
            #expect(try await current("/my-reports") == ["/my-reports page"])
            #expect(try await current("/contact") == ["/contact page"])
        }
    }

    @Test func polishFromAcceptLanguageAndSwitchRemembered() async throws {
        try await withWebApp { browser in
            browser.language = "pl-PL,pl;q=0.9,en;q=0.5"
            var page = try await browser.get("/")
            #expect(page.html.contains("Znajdź swojego pupila"))
            #expect(page.html.contains("<html lang=\"pl\">"))
            page = try await browser.get("/language?lang=en&back=/lost-pets")
            #expect(page.location == "/lost-pets")
            page = try await browser.get("/")
            #expect(page.html.contains("Find Your Pet"))
            page = try await browser.get("/language?lang=pl&back=//evil.example")
            #expect(page.location == "/")
            // Browsers drop a tab or line break inside a URL: `/<tab>/evil.example` would lead off the site.
            for sneaky in ["/%09/evil.example", "/%0A/evil.example", "/%5C/evil.example", "%20//evil.example"] {
                page = try await browser.get("/language?lang=pl&back=\(sneaky)")
                #expect(page.location == "/", "\(sneaky)")
            }
            page = try await browser.get("/language?lang=en&back=/lost-pets?species=CAT")
            #expect(page.location == "/lost-pets?species=CAT")
        }
    }

    @Test func unknownPagesAreHTMLButAPIStaysJSON() async throws {
        try await withWebApp { browser in
            var page = try await browser.get("/no-such-page")
            #expect(page.status == .notFound)
            #expect(page.html.contains("Page not found"))
            page = try await browser.get("/lost-pets/does-not-exist")
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            page = try await browser.get("/api/v1/nothing-here")
            #expect(page.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    @Test func managePageListsMatchesForTheRightCodeOnly() async throws {
        try await withWebApp { browser in
            let (href, code) = try await Self.createReport(&browser)
            let id = String(href.dropFirst("/lost-pets/".count))
            var page = try await browser.post("/manage/\(id)", ["code": code])
            #expect(page.html.contains("No matching reports yet"))
            // A finder reports a similar dog nearby two days later, through the API, with a photo.
            let body =
                #"{"species":"DOG","sex":"MALE","status":"FOUND","lastSeenDate":"2025-05-03","locationLatitude":52.24,"locationLongitude":21.02,"phone":"+48 111 222 333"}"#
            let created = try await browser.client.execute(
                uri: "/api/v1/announcements", method: .post,
                headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any])
            let foundID = try #require(json["id"] as? String), foundCode = try #require(json["managementPassword"] as? String)
            var upload = ByteBuffer(string: "--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n")
            upload.writeBytes(pngBytes)
            upload.writeString("\r\n--B--\r\n")
            let uploaded = try await browser.client.execute(
                uri: "/api/v1/announcements/\(foundID)/photos", method: .post,
                headers: [
                    .authorization: "Basic " + Data("\(foundID):\(foundCode)".utf8).base64EncodedString(),
                    .contentType: "multipart/form-data; boundary=B",
                ], body: upload)
            #expect(uploaded.status == .created)

            page = try await browser.post("/manage/\(id)", ["code": "000000"])
            #expect(page.status == .forbidden && !page.html.contains("/lost-pets/\(foundID)"))
            page = try await browser.post("/manage/\(id)", ["code": code])
            #expect(page.html.contains("Possible matches"))
            #expect(page.html.contains("href=\"/lost-pets/\(foundID)\""))
            #expect(page.html.contains("Similar animal nearby"))
        }
    }

    @Test func managementCodeClosesAndDeletes() async throws {
        try await withWebApp { browser in
            let (href, code) = try await Self.createReport(&browser)
            let id = String(href.dropFirst("/lost-pets/".count))
            var page = try await browser.post("/manage/\(id)/reunite", ["code": "000000"])
            #expect(page.status == .forbidden)
            #expect(page.html.contains("This code is not correct"))
            // Each change is asked about first; only the confirmed action changes the report.
            page = try await browser.post("/manage/\(id)/reunite", ["code": code])
            #expect(page.html.contains("Mark this pet as reunited?") && page.html.contains("formaction=\"/manage/\(id)/reunite-confirmed\""))
            #expect(try await browser.get(href).html.contains("MISSING"))
            page = try await browser.post("/manage/\(id)/reunite-confirmed", ["code": code])
            #expect(page.html.contains("CLOSED"))
            page = try await browser.post("/manage/\(id)/delete", ["code": code])
            #expect(page.html.contains("Remove this report for good?"))
            #expect(try await browser.get(href).status == .ok)
            page = try await browser.post("/manage/\(id)/delete-confirmed", ["code": code])
            #expect(page.html.contains("Report removed"))
            page = try await browser.get(href)
            #expect(page.status == .notFound)
        }
    }

    /// Enter in the code field sends the form without an action (or with its first button's): that only
    /// shows the matches; a wrong code in a confirmation is still refused.
    @Test func enterInTheCodeFieldChangesNothing() async throws {
        try await withWebApp { browser in
            let (href, code) = try await Self.createReport(&browser)
            let id = String(href.dropFirst("/lost-pets/".count))
            let form = try await browser.get("/manage/\(id)")
            let first = try #require(form.html.firstMatch(of: /<button type="submit"[^>]*name="action" value="([a-z-]+)"/)?.1)
            #expect(first == "matches")
            var page = try await browser.post("/manage/\(id)", ["code": code])
            #expect(page.status == .ok && page.html.contains("id=\"matches-title\""))
            #expect(try await browser.get(href).html.contains("MISSING"))
            page = try await browser.post("/manage/\(id)/delete-confirmed", ["code": "000000"])
            #expect(page.status == .forbidden)
            #expect(try await browser.get(href).status == .ok)
        }
    }

    @Test func foundFlowEndsWithLinkAndCode() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            var page = try await browser.upload("/report-found/photo", photo: pngBytes)
            #expect(page.location == "/report-found/details")
            page = try await browser.post(
                "/report-found/details",
                [
                    "date": "2025-05-02", "collar": "985 112 345 678 901", "species": "CAT",
                    "gender": "FEMALE", "latitude": "50.06", "longitude": "19.94",
                ])
            #expect(page.location == "/report-found/contact")
            page = try await browser.post("/report-found/contact", ["phone": "123", "email": "x", "caregiverPhone": "12"])
            #expect(page.html.contains("Enter at least 7 digits"))
            #expect(page.html.contains("Enter a valid email address"))
            // Too many digits (a country code typed as 0048) says so, not "at least 7".
            page = try await browser.post("/report-found/contact", ["phone": "0048 600 100 200", "email": "finder@example.com"])
            #expect(page.html.contains("Enter at most 11 digits") && !page.html.contains("Enter at least 7 digits"))
            page = try await browser.post("/report-found/contact", ["phone": "1234567", "email": "finder@example.com"])
            #expect(page.location == "/report-found/created")
            page = try await browser.get("/report-found/created")
            #expect(page.html.firstMatch(of: /data-testid="management-code">\d{6}</) != nil)
            // The collar held a chip number: the registries' look-ups reach the owner beyond PetSpot.
            let lookup = String(try #require(page.html.firstMatch(of: /data-testid="chip-lookup">[\s\S]*?<\/section>/)?.0))
            #expect(lookup.contains("98511-23456-78901") && lookup.contains("can reach the owner") && lookup.contains("href=\"https://www.europetnet.com/\""))
            let details = try await browser.get(String(try #require(page.html.firstMatch(of: /href="(\/lost-pets\/[0-9a-f-]{36})"/)?.1)))
            #expect(details.html.contains("FOUND"))
            #expect(details.html.contains("Cat"))
        }
    }
}
