import Foundation
import HTTPTypes
import Hummingbird
import PetSpotDomain
import Testing

/// The search plan on the web: the Missing flow asks how the pet lives (optional, English and Polish), the
/// owner's manage page shows the likely area and today's steps chosen by the answers and the days gone,
/// and the owner changes the answers there.
@Suite struct SearchPlanWebTests {
    static func daysAgo(_ days: Int) -> String {
        ReportDate.adding(-days, to: ReportDate(Date(), in: TimeZone(identifier: "UTC")!)).text
    }

    /// Files a missing report through the web flow with `answers` on the description step; its id and code.
    static func file(_ browser: inout WebBrowser, species: String, daysAgo days: Int, answers: [String: String]) async throws -> (id: String, code: String) {
        _ = try await browser.get("/")
        _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
        _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
        var description = MissingFlowServerTests.description
        description["species"] = species
        description["date"] = daysAgo(days)
        for (name, value) in answers { description[name] = value }
        let step = try await browser.post("/report-missing/description", description)
        #expect(step.location == "/report-missing/contact", "\(step.html.prefix(300))")
        _ = try await browser.post("/report-missing/contact", MissingFlowServerTests.contact)
        let created = try await browser.get("/report-missing/created")
        let code = String(try #require(created.html.firstMatch(of: /data-testid="management-code">(\d{6})</)?.1))
        let href = String(try #require(created.html.firstMatch(of: /href="\/lost-pets\/([0-9a-f-]{36})"/)?.1))
        _ = try await browser.post("/report-missing/finish", [:])
        return (href, code)
    }

    static func steps(_ page: WebBrowser.Page) -> [String] {
        guard let list = page.html.firstMatch(of: /data-testid="plan-steps">(.*?)<\/ol>/.dotMatchesNewlines())?.1 else { return [] }
        return list.matches(of: /<span>(.*?)<\/span>/).map { String($0.1) }
    }

    @Test func theFlowAsksHowThePetLivesInBothLanguages() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/")
            _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
            _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
            var page = try await browser.get("/report-missing/description")
            #expect(page.html.contains("If it is a cat: how does it live? (optional)") && page.html.contains("value=\"INDOOR_ONLY\""))
            #expect(page.html.contains("If it is a dog: how is it with strangers? (optional)") && page.html.contains("value=\"SHY\""))
            browser.language = "pl"
            page = try await browser.get("/report-missing/description")
            #expect(page.html.contains("Jeśli to kot: jak żyje? (opcjonalnie)") && page.html.contains("Płochliwy lub lękliwy"))
            // The Found flow does not ask: a finder cannot know.
            browser.language = "en"
            _ = try await browser.upload("/report-found/photo", photo: pngBytes)
            page = try await browser.get("/report-found/details")
            #expect(!page.html.contains("INDOOR_ONLY"))
        }
    }

    @Test func theOwnerSeesTheAreaAndTodaysStepsAndChangesTheAnswers() async throws {
        try await withWebApp { browser in
            let (id, code) = try await Self.file(&browser, species: "CAT", daysAgo: 0, answers: ["lifestyle": "INDOOR_ONLY"])
            var page = try await browser.post("/manage/\(id)", ["code": code])
            #expect(page.html.contains("Your search plan for today (the day it went missing)"))
            #expect(page.html.contains("within 39 m") && page.html.contains("within 137 m") && page.html.contains("Huang et al., Animals 2018"))
            #expect(Self.steps(page).first?.hasPrefix("Search your own home") == true)
            #expect(page.html.contains("value=\"INDOOR_ONLY\" checked"), "the answer is kept and shown")
            // The public page shows where to look today, never the answers or the owner's steps.
            let details = try await browser.get("/lost-pets/\(id)")
            #expect(details.html.contains("within 137 m of where it went missing"))
            #expect(!details.html.contains("INDOOR_ONLY") && !details.html.contains("Indoors only") && !details.html.contains("Search your own home"))

            // Changed to a cat that goes out: a wider area, no home search.
            let grant = try OwnerWebTests.grant(page)
            page = try await browser.post(
                "/manage/\(id)/search-answers",
                [
                    "grant": grant, "lifestyle": "OUTDOOR_ACCESS",
                    "temperament": "SHY", "newToArea": "",
                ])
            #expect(page.status == .ok && page.html.contains("Your answers are saved"))
            #expect(page.html.contains("within 300 m") && page.html.contains("within 1.6 km"))
            #expect(!Self.steps(page).contains { $0.hasPrefix("Search your own home") })
            #expect(
                page.html.contains("value=\"OUTDOOR_ACCESS\" checked") && !page.html.contains("value=\"SHY\" checked"),
                "a dog's answer is not kept for a cat")
            // Without the grant nothing changes.
            page = try await browser.post("/manage/\(id)/search-answers", ["lifestyle": "INDOOR_ONLY"])
            #expect(page.status == .badRequest)
            page = try await browser.post("/manage/\(id)", ["code": code])
            #expect(page.html.contains("value=\"OUTDOOR_ACCESS\" checked"))
        }
    }

    @Test func theStepsFollowTheDaysGoneAndAShyDogIsNeverChased() async throws {
        try await withWebApp { browser in
            let cat = try await Self.file(&browser, species: "CAT", daysAgo: 3, answers: ["lifestyle": "INDOOR_ONLY"])
            var page = try await browser.post("/manage/\(cat.id)", ["code": cat.code])
            #expect(page.html.contains("(3 days since it went missing)") && Self.steps(page).first?.hasPrefix("Print the flyer") == true)
            #expect(Self.steps(page).contains { $0.contains("humane trap") })
            let dog = try await Self.file(&browser, species: "DOG", daysAgo: 1, answers: ["temperament": "SHY"])
            browser.language = "pl"
            page = try await browser.post("/manage/\(dog.id)", ["code": dog.code])
            #expect(Self.steps(page).first?.hasPrefix("Nie wołaj, nie goń") == true)
            #expect(page.html.contains("3,2 km"), "Polish writes a decimal comma")
        }
    }
}
