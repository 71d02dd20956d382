import Foundation
import HTTPTypes
import Testing

/// The missing-pet flow through the real router, as a browser without JavaScript would walk it.
@Suite struct MissingFlowServerTests {
    static let description = [
        "date": "2025-05-01", "petName": "Rex", "species": "DOG", "race": "Beagle", "gender": "MALE",
        "age": "4", "latitude": "52.2297", "longitude": "21.0122", "description": "White paws",
    ]
    static let contact = ["phone": "+48 123 456 789", "email": "owner@example.com", "reward": "100 zł"]

    /// Walks every step; returns the management code page.
    static func walk(_ browser: inout WebBrowser) async throws -> WebBrowser.Page {
        _ = try await browser.get("/report-missing/microchip")
        var page = try await browser.post("/report-missing/microchip", ["microchip": "123456789012345"])
        #expect(page.location == "/report-missing/photo")
        page = try await browser.upload("/report-missing/photo", photo: pngBytes)
        #expect(page.location == "/report-missing/description")
        page = try await browser.post("/report-missing/description", description)
        #expect(page.location == "/report-missing/contact")
        page = try await browser.post("/report-missing/contact", contact)
        #expect(page.location == "/report-missing/created")
        return try await browser.get("/report-missing/created")
    }

    @Test func wholeFlowCreatesAReportWithCodeAndPhoto() async throws {
        try await withWebApp { browser in
            let created = try await Self.walk(&browser)
            #expect(created.status == .ok)
            #expect(created.html.contains("Report created"))
            #expect(created.html.contains("If you wish to remove your report from the database, use the code provided below"))
            let code = try #require(created.html.firstMatch(of: /data-testid="management-code">(\d{6})</)?.1)
            #expect(code.count == 6)
            let lookup = String(try #require(created.html.firstMatch(of: /data-testid="chip-lookup">[\s\S]*?<\/section>/)?.0))
            #expect(lookup.contains("12345-67890-12345") && lookup.contains("your pet is missing"))
            #expect(lookup.contains("href=\"https://www.petmicrochiplookup.org/\"") && lookup.contains("href=\"https://www.check-a-chip.co.uk/\""))
            let list = try await browser.get("/lost-pets")
            #expect(list.html.contains("Beagle"))
            let href = try #require(list.html.firstMatch(of: /href="(\/lost-pets\/[0-9a-f-]{36})"/)?.1)
            let details = try await browser.get(String(href))
            #expect(details.html.contains("12345-67890-12345"))
            #expect(details.html.contains("/images/"))
            // The web relays by default: the address stays private, and people write through PetSpot.
            #expect(!details.html.contains("owner@example.com") && details.html.contains("data-testid=\"relay-link\""))
        }
    }

    @Test func submittingTwiceCreatesOneReport() async throws {
        try await withWebApp { browser in
            _ = try await Self.walk(&browser)
            // Back from the code page and Continue with another address: not applied, and the code page says so.
            var changed = Self.contact
            changed["email"] = "second@example.com"
            let again = try await browser.post("/report-missing/contact", changed)
            #expect(again.location == "/report-missing/created?notice=sent")
            let notice = try await browser.get("/report-missing/created?notice=sent")
            #expect(notice.html.contains("data-testid=\"created-notice\"") && notice.html.contains("was not applied"))
            #expect(!(try await browser.get("/report-missing/created")).html.contains("data-testid=\"created-notice\""))
            let list = try await browser.get("/lost-pets")
            #expect(list.html.components(separatedBy: "class=\"card\"").count - 1 == 1)
        }
    }

    @Test func laterStepRedirectsToFirstIncompleteOne() async throws {
        try await withWebApp { browser in
            var page = try await browser.get("/report-missing/contact")
            #expect(page.status == .seeOther)
            #expect(page.location == "/report-missing/microchip")
            _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
            page = try await browser.get("/report-missing/description")
            #expect(page.location == "/report-missing/photo")
        }
    }

    @Test func invalidDescriptionShowsMessagesNextToFields() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
            _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
            let page = try await browser.post("/report-missing/description", ["date": "2025-05-01", "latitude": "abc", "age": "41"])
            #expect(page.status == .badRequest)
            #expect(page.html.contains("Please select a species"))
            #expect(page.html.contains("Please select a gender"))
            #expect(page.html.contains("Age must be between 0 and 40"))
            #expect(page.html.contains("Invalid coordinate format"))
            #expect(page.html.contains("Fill in longitude"))
            #expect(page.html.contains("aria-describedby=\"field-age-error\""))
            #expect(page.html.contains("class=\"error-summary\""))
        }
    }

    @Test func photoIsMandatoryAndMustBeAnImage() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
            var page = try await browser.upload("/report-missing/photo", photo: [])
            #expect(page.html.contains("Photo is mandatory"))
            page = try await browser.upload("/report-missing/photo", photo: Array("%PDF-1.4 not an image".utf8))
            #expect(page.status == .badRequest)
            #expect(page.html.contains("Please upload JPG, PNG, GIF, WEBP, BMP, TIFF, HEIC, or HEIF format"))
            // 42 bytes that declare 400 megapixels: too many pixels, not too many bytes.
            let bomb: [UInt8] =
                Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
                + [0x2C, 0, 0, 0, 0, 0x20, 0x4E, 0x20, 0x4E, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]
            page = try await browser.upload("/report-missing/photo", photo: bomb, fileName: "bomb.gif")
            #expect(page.html.contains("This image is too large: at most 100 megapixels") && !page.html.contains("File size exceeds"))
        }
    }

    @Test func backKeepsValuesAndCancelClearsThem() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            _ = try await browser.post("/report-missing/microchip", ["microchip": "999991234"])
            _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
            let back = try await browser.post("/report-missing/description?nav=back", ["petName": "Luna"])
            #expect(back.location == "/report-missing/photo")
            var page = try await browser.get("/report-missing/description")
            #expect(page.html.contains("value=\"Luna\""))
            page = try await browser.get("/report-missing/microchip")
            #expect(page.html.contains("value=\"99999-1234\""))
            _ = try await browser.post("/report-missing/cancel", [:])
            page = try await browser.get("/report-missing/description")
            #expect(page.location == "/report-missing/microchip")
            page = try await browser.get("/report-missing/microchip")
            #expect(!page.html.contains("99999-1234"))
        }
    }

    @Test func formsWithoutTheRightTokenAreRefused() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            var page = try await browser.post("/report-missing/microchip", ["microchip": "1"], csrf: false)
            #expect(page.status == .forbidden)
            #expect(page.html.contains("This form has expired"))
            page = try await browser.post("/report-missing/microchip", ["microchip": "1", "_csrf": String(repeating: "0", count: 32)], csrf: false)
            #expect(page.status == .forbidden)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }
}
