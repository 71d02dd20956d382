import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotTestSupport
import Testing
@testable import PetSpotWeb

/// Page models and their rendered HTML, without a server.
@Suite struct PageModelTests {
    static func report(name: String? = "Rex", status: AnnouncementStatus = .missing) -> Announcement {
        .mock(
            id: AnnouncementID("abc-123"), petName: name, breed: "Beagle", age: 3, microchipNumber: "123456789012345",
            location: Coordinate(latitude: 52.2297, longitude: -21.0122), lastSeenDate: "2025-05-01", email: "a@b.pl",
            phone: "+48123456789", photoURL: "/images/abc-123.png", status: status, reward: "100", createdAt: Date())
    }

    static func render(_ page: some WebPage, language: Language = .en) async throws -> String {
        try await PageRenderer().render(page, chrome: PageChrome(language: language, currentPath: "/x"))
    }

    @Test func hostileTextIsShownAsText() async throws {
        let hostile = "<script>alert(\"x\")</script>"
        let html = try await Self.render(DetailsPage(Self.report(name: hostile), strings: Strings(.en)))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
    }

    @Test func detailsShowEveryField() async throws {
        let html = try await Self.render(DetailsPage(Self.report(), strings: Strings(.en)))
        // The place as an area (snapped to the 0.005° grid), never the exact point.
        for text in [
            "12345-67890-12345", "Dog", "Beagle", "Male", "3 years", "about 52.2300° N, 21.0100° W", "Friendly",
            "openstreetmap.org/#map=15/52.23/-21.01", "a@b.pl", "MISSING", "2025-05-01", "/manage/abc-123",
        ] {
            #expect(html.contains(text), "missing \(text)")
        }
        #expect(!html.contains("52.2297") && !html.contains("21.0122"))
    }

    /// The card's coordinates, written without `String(format:)`, read as `%.4f` did.
    /// The message form offers what its rules keep: a name typed to the field's end is not cut later.
    @Test func theMessageFormsLengthsAreItsRulesOwn() {
        let page = RelayPage(Self.report(), csrf: "t", strings: Strings(.en))
        #expect(page.controls.map(\.name) == ["name", "email", "phone", "trait", "message"])
        for control in page.controls { #expect(control.maxlength == RelayMessageForm.limits[control.name], "\(control.name)") }
        let typed = RelayMessageForm(name: String(repeating: "n", count: page.controls[0].maxlength ?? 0))
        #expect(typed.name.count == page.controls[0].maxlength)
    }

    @Test func coordinatesHaveFourDecimals() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double.random(in: 0...180, using: &generator)
            #expect(ReportText.fourDecimals(value, ".") == String(format: "%.4f", value) || abs(value * 10_000 - (value * 10_000).rounded(.down) - 0.5) < 1e-6)
        }
        #expect(ReportText.coordinates(Coordinate(latitude: -0.00004, longitude: 180), Strings(.en)) == "0.0000° S, 180.0000° E")
        #expect(ReportText.fourDecimals(9.99996, ".") == "10.0000" && ReportText.fourDecimals(0.05, ".") == "0.0500")
    }

    /// Polish writes a decimal comma (coordinates, distances) and days as `20.11.2025`, on pages and in e-mails.
    @Test func polishNumbersTakeADecimalComma() {
        let pl = Strings(.pl), en = Strings(.en)
        #expect(ReportText.coordinates(Coordinate(latitude: 50.06, longitude: -19.945), pl) == "50,0600° N, 19,9450° W")
        #expect(ReportText.oneDecimal(3.24, pl) == "3,2" && ReportText.oneDecimal(3.24, en) == "3.2" && ReportText.oneDecimal(3.24) == "3.2")
        #expect(SearchPlanView.distance(1600, pl) == "1,6 km" && SearchPlanView.distance(1600, en) == "1.6 km")
        #expect(SearchPlanView.distance(2000, pl) == "2 km" && SearchPlanView.distance(250, pl) == "250 m")
        #expect(ReportText.day("2025-11-20", pl) == "20.11.2025" && ReportText.day("2025-11-20", en) == "2025-11-20")
        #expect(pl.quoted("rudy kot") == "„rudy kot”" && en.quoted("ginger cat") == "“ginger cat”")
        #expect(ReportText.day("2025-11-20 16:30", pl) == "20.11.2025 16:30" && ReportText.day("soon", pl) == "soon")
        #expect(ReportText.day("ąą-ą-ąxyz", pl) == "ąą-ą-ąxyz" && ReportText.day("2025-1x-20", pl) == "2025-1x-20")
        // In 1024s, as the file pickers count: 1.4 × 1024² bytes, 2,529 bytes, 512 bytes.
        #expect(StepPage.fileSize(1_468_007, pl) == "1,4 MB" && StepPage.fileSize(1_468_007, en) == "1.4 MB")
        #expect(StepPage.fileSize(2_529, en) == "2.5 KB" && StepPage.fileSize(512, pl) == "512 B")
        #expect(SightingText.time(Date(timeIntervalSince1970: 1_764_000_000), zone: "Europe/Warsaw", strings: pl).hasPrefix("24.11.2025 17:00"))
        let card = ReportCard(FitAndFinishTests.report(), strings: pl, distanceKm: 0.14)
        #expect(
            card.distanceText == "0,1 km od wybranego miejsca" && card.coordinates.hasPrefix("50,0650° N"), "\(card.distanceText ?? "") \(card.coordinates)")
    }

    /// Coordinates as people type them: a decimal comma is a point; two commas or a comma beside a point
    /// are not a number.
    @Test func decimalCommasAreRead() {
        #expect(ReportForm.number(" 52,2297 ") == 52.2297 && ReportForm.number("-21,01") == -21.01)
        #expect(ReportForm.number("52.2297") == 52.2297)
        #expect(ReportForm.number("52,22,97") == nil && ReportForm.number("1,000.5") == nil && ReportForm.number("inf") == nil)
        #expect(StepValidation.coordinateErrors("52,2297", "21,0122").isEmpty)
    }

    @Test func aFoundPetsPageSpeaksOfTheFinder() async throws {
        let found = try await Self.render(DetailsPage(Self.report(status: .found), strings: Strings(.en)))
        #expect(found.contains("Contact the finder") && found.contains("Date found") && found.contains("Microchip number"))
        #expect(!found.contains("Collar/tag"))
        #expect(!found.contains("Contact owner") && !found.contains("Date of Disappearance"))
        let missing = try await Self.render(DetailsPage(Self.report(status: .missing), strings: Strings(.pl)), language: .pl)
        #expect(missing.contains("Skontaktuj się z właścicielem") && missing.contains("Data zaginięcia"))
    }

    @Test func ageErrorsSayWhatWasWrong() {
        var draft = ReportDraft(flow: .missing)
        draft.completed = [.microchip, .photo]
        let form = ["species": "DOG", "gender": "UNKNOWN", "date": "2025-01-01", "latitude": "52,2", "longitude": "21,0"]
        #expect(StepValidation.take(.description, from: form.merging(["age": "four"]) { $1 }, into: &draft) == [FieldError("age", "errorAgeNumber")])
        #expect(StepValidation.take(.description, from: form.merging(["age": "41"]) { $1 }, into: &draft) == [FieldError("age", "errorAge")])
        #expect(StepValidation.take(.description, from: form, into: &draft).isEmpty)
        #expect(draft.form.location == Coordinate(latitude: 52.2, longitude: 21.0))
    }

    /// The pager is there only when there is another page, and speaks the page's language; the map link
    /// says it opens a new tab.
    @Test func pagerAndMapLinkSayWhatTheyDo() async throws {
        let single = try await Self.render(
            ListPage(
                reports: [Self.report()], filter: ListFilter(), errors: [], nextCursor: nil,
                isFirstPage: true, strings: Strings(.pl)), language: .pl)
        #expect(!single.contains("class=\"pager\""))
        let paged = try await Self.render(
            ListPage(
                reports: [Self.report()], filter: ListFilter(), errors: [], nextCursor: "c",
                isFirstPage: true, strings: Strings(.pl)), language: .pl)
        #expect(paged.contains("<nav class=\"pager\" aria-label=\"Strony\">"))
        let details = try await Self.render(DetailsPage(Self.report(), strings: Strings(.en)))
        #expect(details.contains("Show on the map (opens in a new tab)</a>"))
    }

    @Test func polishPagesArePolish() async throws {
        let html = try await Self.render(HomePage(recent: [Self.report()], strings: Strings(.pl)), language: .pl)
        #expect(html.contains("Znajdź swojego pupila"))
        #expect(html.contains("ZAGINIONE"))
        #expect(html.contains("Pies"))
        #expect(html.contains(">English<"))
    }

    @Test func stepPageTiesErrorsToFields() async throws {
        var draft = ReportDraft(flow: .missing)
        draft.completed = [.microchip, .photo]
        let errors = [FieldError("species", "errorSpecies")]
        let html = try await Self.render(
            StepPage(
                flow: .missing, step: .description, draft: draft, errors: errors,
                csrf: "tok", strings: Strings(.en)))
        #expect(html.contains("3/4"))
        #expect(html.contains("<label for=\"field-species\">Animal species</label>"))
        #expect(html.contains("id=\"field-species-error\">Please select a species"))
        #expect(html.contains("aria-describedby=\"field-species-error\""))
        #expect(html.contains("href=\"#field-species\""))
        #expect(html.contains("name=\"_csrf\" value=\"tok\""))
    }

    /// The place's hint speaks of a map only where the page has one (found by a walk-through with maps off).
    @Test func thePlaceHintMentionsTheMapOnlyWhenThereIsOne() async throws {
        var draft = ReportDraft(flow: .missing)
        draft.completed = [.microchip, .photo]
        let tiles = MapTiles(url: "https://tile.example/{z}/{x}/{y}.png", attribution: "©")
        let withMap = try await Self.render(StepPage(flow: .missing, step: .description, draft: draft, csrf: "t", tiles: tiles, strings: Strings(.en)))
        let without = try await Self.render(StepPage(flow: .missing, step: .description, draft: draft, csrf: "t", strings: Strings(.en)))
        #expect(withMap.contains("or pick the spot on the map"))
        #expect(!without.contains("on the map") && without.contains("or enter the exact spot"))
    }

    /// A searched area that cannot be marked says what is wrong: the point or the day (found by a walk-through).
    @Test func aSearchedAreaThatCannotBeMarkedSaysWhatIsWrong() {
        let today = ReportDate("2026-11-25")!
        let good = ["latitude": "52.23", "longitude": "21.01", "radius": "100", "searchedOn": "2026-11-25"]
        #expect(SearchedAreasView.area(from: good, today: today) != nil)
        func problem(_ name: String, _ value: String) -> String {
            var form = good
            form[name] = value
            #expect(SearchedAreasView.area(from: form, today: today) == nil)
            return Strings(.en).text(SearchedAreasView.problem(in: form, today: today))
        }
        #expect(problem("latitude", "abc").hasPrefix("Give the place's latitude"))
        #expect(problem("longitude", "181").hasPrefix("Give the place's latitude"))
        #expect(problem("searchedOn", "2026-11-26").hasPrefix("Give the day it was searched"))
        #expect(problem("radius", "7").hasPrefix("Check the coordinates, the distance"))
    }

    @Test func createdPageShowsSeedTexts() async throws {
        let page = CreatedPage(flow: .missing, report: SubmittedReport(id: "abc", managementCode: "123456"), csrf: "t", strings: Strings(.pl))
        let html = try await Self.render(page, language: .pl)
        #expect(html.contains("Raport utworzony"))
        #expect(html.contains("Twój raport został utworzony"))
        #expect(html.contains(">123456<"))
        #expect(html.contains("Skopiowano kod do schowka"))
    }

    @Test func draftGuardsSendToFirstIncompleteStep() {
        var draft = ReportDraft(flow: .missing)
        #expect(draft.destination(for: .contact) == .microchip)
        draft.completed = [.microchip, .photo]
        #expect(draft.destination(for: .contact) == .photo, "a photo step without a photo is not complete")
        draft.photo = DraftPhoto(storedName: "a", originalName: "a", size: 1, type: "png")
        #expect(draft.destination(for: .contact) == .description)
        #expect(draft.destination(for: .microchip) == .microchip)
        draft.result = SubmittedReport(id: "x", managementCode: "123456")
        #expect(draft.destination(for: .microchip) == .created)
    }

    @Test func validationFollowsTheSeedRules() {
        var draft = ReportDraft(flow: .missing)
        let future = StepValidation.take(
            .description,
            from: [
                "date": "2999-01-01", "species": "CAT", "gender": "FEMALE",
                "latitude": "91", "longitude": "0",
            ], into: &draft)
        #expect(future == [FieldError("date", "errorDateFuture"), FieldError("latitude", "errorLatitudeRange")])
        #expect(StepValidation.take(.contact, from: ["phone": "+48 123 456", "email": "a@b.pl"], into: &draft).isEmpty)
        #expect(StepValidation.take(.microchip, from: ["microchip": "12345-678x"], into: &draft).isEmpty)
        #expect(draft.form.microchip == "12345678")
    }

    @Test func acceptLanguagePicksBestSupported() {
        #expect(Language(acceptLanguage: "de-DE,pl;q=0.8,en;q=0.7") == .pl)
        #expect(Language(acceptLanguage: "fr") == .en)
        #expect(Language(acceptLanguage: nil) == .en)
    }
}
