import Foundation
import HTTPTypes
import Testing

/// "Help and contact", and the old web app's addresses (`/contact`, `/account`, `/report-missing/details`,
/// `/report-missing/summary`), which lead to the page that does the same here.
@Suite struct HelpAndOldAddressesTests {
    @Test func helpAnswersEachQuestionWithItsPageInBothLanguages() async throws {
        try await withWebApp { browser in
            var page = try await browser.get("/contact")
            #expect(page.status == .ok)
            #expect(page.html.contains("<h1>Help and contact</h1>"))
            let headings = page.html.matches(of: /<h2 id="help-[a-z]+">([^<]+)<\/h2>/).map { String($0.1) }
            #expect(headings.contains("You lost your management code") && headings.contains("Staying safe"), "\(headings)")
            // Each answer links the page that does it, and each of those pages is there.
            let links = page.html.matches(of: /<section class="help-topic"[\s\S]*?<\/section>/).flatMap {
                String($0.0).matches(of: /<a href="([^"]+)"/).map { String($0.1) }
            }
            #expect(Set(links) == ["/lost-pets", "/report-missing/microchip", "/report-found/photo", "/my-reports", "/alerts"])
            for link in links { #expect(try await browser.get(link).status == .ok, "\(link)") }
            browser.language = "pl-PL,pl;q=0.9"
            page = try await browser.get("/contact")
            #expect(page.html.contains("<h1>Pomoc i kontakt</h1>"))
            #expect(page.html.contains("Nigdy nie płać, zanim zobaczysz zwierzę"))
            #expect(page.html.contains(#"<a href="/contact" aria-current="page">Pomoc</a>"#))
        }
    }

    @Test func theOldWebAppsAddressesLeadToTheirPages() async throws {
        try await withWebApp { browser in
            #expect(try await browser.get("/account").location == "/my-reports")
            // No report under way: the old step names start the flow, as the steps themselves do.
            #expect(try await browser.get("/report-missing/details").location == "/report-missing/microchip")
            #expect(try await browser.get("/report-missing/summary").location == "/report-missing/microchip")
            _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
            _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
            #expect(try await browser.get("/report-missing/details").location == "/report-missing/description")
            _ = try await browser.post("/report-missing/description", MissingFlowServerTests.description)
            _ = try await browser.post("/report-missing/contact", MissingFlowServerTests.contact)
            #expect(try await browser.get("/report-missing/summary").location == "/report-missing/created")
            #expect(try await browser.get("/report-missing/created").html.contains(#"data-testid="management-code""#))
            #expect(try await browser.get("/report-missing/overview").status == .notFound)
        }
    }
}
