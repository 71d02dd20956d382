import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotTestSupport
import Testing
@testable import PetSpotWeb

/// What a first-time user tripped on: counted words, the share text, a found pet's private tag, a
/// closed report's reward, the flyer of a relayed report, the e-mails' footers, local times.
@Suite struct FitAndFinishTests {
    @Test(arguments: [
        (0, PluralCategory.other, PluralCategory.many), (1, .one, .one), (2, .other, .few), (3, .other, .few),
        (4, .other, .few), (5, .other, .many), (11, .other, .many), (12, .other, .many), (13, .other, .many),
        (14, .other, .many), (21, .other, .many), (22, .other, .few), (24, .other, .few), (25, .other, .many),
        (102, .other, .few), (112, .other, .many),
    ])
    func pluralCategoriesFollowCLDR(number: Int, english: PluralCategory, polish: PluralCategory) {
        #expect(PluralCategory.english(number) == english)
        #expect(PluralCategory.polish(number) == polish)
    }

    @Test func countedWordsTakeTheirForm() {
        let en = Strings(.en), pl = Strings(.pl)
        #expect([0, 1, 2, 5, 12, 22].map { en.counted(.years, $0) } == ["0 years", "1 year", "2 years", "5 years", "12 years", "22 years"])
        #expect(
            [0, 1, 2, 3, 4, 5, 12, 13, 14, 22].map { pl.counted(.years, $0) }
                == ["0 lat", "1 rok", "2 lata", "3 lata", "4 lata", "5 lat", "12 lat", "13 lat", "14 lat", "22 lata"])
        #expect(
            pl.counted(.newReports, 1) == "1 nowe zgłoszenie" && pl.counted(.newReports, 3) == "3 nowe zgłoszenia"
                && pl.counted(.newReports, 5) == "5 nowych zgłoszeń")
        #expect(en.counted(.newReportsSubject, 1) == "1 new PetSpot report near you")
        #expect(pl.daysMissing(0) == "dzień zaginięcia" && pl.daysMissing(1) == "1 dzień od zaginięcia" && pl.daysMissing(2) == "2 dni od zaginięcia")
        #expect(en.daysMissing(0) == "the day it went missing" && en.daysMissing(1) == "1 day since it went missing")
    }

    static func report(
        status: AnnouncementStatus = .missing, age: Int? = 1, chip: String? = nil, reward: String? = "200 PLN",
        relayed: Bool = false
    ) -> Announcement {
        var report = Announcement.mock(
            id: AnnouncementID("abc-123"), petName: "Kasia", species: "CAT", age: age, microchipNumber: chip,
            location: Coordinate(latitude: 50.06412, longitude: 19.94498), phone: relayed ? nil : "+48 600 100 200",
            status: status, reward: reward)
        report.contactRelayed = relayed
        return report
    }

    @Test func agesAreCountedInBothLanguages() async throws {
        for (age, en, pl) in [(1, "1 year", "1 rok"), (3, "3 years", "3 lata"), (5, "5 years", "5 lat"), (22, "22 years", "22 lata")] {
            let english = try await PageModelTests.render(DetailsPage(Self.report(age: age), strings: Strings(.en)))
            let polish = try await PageModelTests.render(DetailsPage(Self.report(age: age), strings: Strings(.pl)), language: .pl)
            #expect(english.contains(">\(en)<") && polish.contains(">\(pl)<"), "age \(age)")
        }
    }

    @Test func theShareTextHasOneColon() {
        let (share, _) = DetailsPage.sharing(
            Self.report(), found: false, card: ReportCard(Self.report(), strings: Strings(.pl)), place: nil,
            baseURL: "https://petspot.example", strings: Strings(.pl))
        #expect(share?.title == "ZAGINIONY KOT: Kasia")
    }

    /// A description that ends with its own full stop (or "!") gets no second one.
    @Test func theShareTextEndsEachSentenceOnce() throws {
        for (description, ending) in [("Notch in the left ear.", "ear. "), ("Very friendly!", "friendly! "), ("Shy", "Shy. ")] {
            var report = Self.report()
            report.description = description
            let (share, _) = DetailsPage.sharing(
                report, found: false, card: ReportCard(report, strings: Strings(.en)), place: nil, baseURL: "https://petspot.example",
                strings: Strings(.en))
            let text = try #require(share?.text)
            #expect(text.contains(ending) && !text.contains("..") && !text.contains("!."), "\(text)")
        }
    }

    @Test func aFoundPetsTagIsNeverARowAndAClosedReportOffersNoReward() async throws {
        let found = try await PageModelTests.render(DetailsPage(Self.report(status: .found, chip: nil), strings: Strings(.en)))
        #expect(!found.contains("Collar/tag") && !found.contains("Microchip number"))
        let open = try await PageModelTests.render(DetailsPage(Self.report(), strings: Strings(.en)))
        #expect(open.contains("200 PLN"))
        let closed = try await PageModelTests.render(DetailsPage(Self.report(status: .closed), strings: Strings(.en)))
        #expect(!closed.contains("200 PLN"))
        let flyer = FlyerPage(Self.report(status: .closed), place: nil, qrSVG: "", shortLink: "petspot.example/p/abc", strings: Strings(.en))
        #expect(flyer.reward == nil)
    }

    @Test func aRelayedReportsFlyerSaysHowToReachTheOwner() async throws {
        let relayed = FlyerPage(Self.report(relayed: true), place: nil, qrSVG: "", shortLink: "petspot.example/p/abc123", strings: Strings(.en))
        let html = try await PageModelTests.render(relayed)
        #expect(html.contains("Send the owner a message: scan the QR code or open petspot.example/p/abc123"))
        let withPhone = FlyerPage(Self.report(), place: nil, qrSVG: "", shortLink: "petspot.example/p/abc123", strings: Strings(.pl))
        #expect(withPhone.messageNote == nil && withPhone.phone == "+48 600 100 200")
        let found = FlyerPage(Self.report(status: .found, relayed: true), place: nil, qrSVG: "", shortLink: "x/p/1", strings: Strings(.pl))
        #expect(found.messageNote == "To Twoje zwierzę? Napisz do znalazcy: zeskanuj kod QR albo otwórz x/p/1")
    }

    @Test func alertEMailsDoNotAskAboutALostCode() {
        let subscription = AlertSubscription(
            id: "s1", email: "n@example.com", center: Coordinate(latitude: 50.06, longitude: 19.94),
            radiusKm: 5, placeName: "Kraków", statuses: [.missing, .found], species: nil, frequency: .daily,
            language: "en", createdAt: Date())
        let links = AlertLinks(confirm: "https://p.example/c", manage: "https://p.example/m", unsubscribe: "https://p.example/u")
        let mail = ReportMail.alert(Self.report(), place: nil, for: subscription, links: links, baseURL: "https://p.example")
        let digest = ReportMail.alertDigest([(Self.report(), nil)], for: subscription, links: links, baseURL: "https://p.example")
        for text in [mail.text, mail.html, digest?.text ?? "", digest?.html ?? ""] { #expect(!text.contains("Lost your code")) }
        #expect(digest?.subject == "1 new PetSpot report near you")
        let owner = ReportMail.sightings(
            [
                Sighting(
                    reportID: AnnouncementID("abc-123"), seenAt: Date(), location: Coordinate(latitude: 50.07, longitude: 19.93),
                    note: "By the bakery", createdAt: Date())
            ], of: Self.report(), places: [nil], baseURL: "https://p.example")
        #expect(owner?.text.contains("Lost your code") == true)
    }

    /// A species the apps do not offer is the reporter's text: a labelled fact, never the subject or heading.
    @Test func anAlertsHeadlineIsPetSpotsWordsWhateverTheSpeciesSays() {
        let subscription = AlertSubscription(
            id: "s1", email: "n@example.com", center: Coordinate(latitude: 50.06, longitude: 19.94),
            radiusKm: 5, placeName: "Kraków", statuses: [.missing, .found], species: nil, frequency: .instant,
            language: "en", createdAt: Date())
        let links = AlertLinks(confirm: "https://p.example/c", manage: "https://p.example/m", unsubscribe: "https://p.example/u")
        var report = Self.report()
        report.species = "Verify your account at evil.example"
        let place = PlaceLabel(
            place: Place(name: "Kraków", countryCode: "PL", population: 1, coordinate: report.location), area: nil, distanceKm: 0, timeZone: nil)
        let mail = ReportMail.alert(report, place: place, for: subscription, links: links, baseURL: "https://p.example")
        #expect(mail.subject == "MISSING OTHER – Kraków")
        #expect(mail.text.contains("Verify your account at evil.example") && !mail.text.contains("MISSING VERIFY"), "\(mail.text)")
        let digest = ReportMail.alertDigest([(report, nil)], for: subscription, links: links, baseURL: "https://p.example")
        #expect(digest?.text.contains("MISSING OTHER") == true && digest?.text.contains("MISSING VERIFY") == false)
        report.species = "cat"
        #expect(ReportMail.alert(report, place: nil, for: subscription, links: links, baseURL: "https://p.example").subject == "MISSING CAT")
    }

    @Test func sightingTimesAreThePlacesLocalTime() throws {
        let seen = Date(timeIntervalSince1970: 1_795_748_040) // 2026-11-27 02:54 UTC
        #expect(SightingText.time(seen, zone: "Europe/Warsaw", strings: Strings(.en)) == "2026-11-27 03:54 (Warsaw time)")
        #expect(SightingText.time(seen, zone: "Europe/Warsaw", strings: Strings(.pl)) == "27.11.2026 03:54 (czas środkowoeuropejski)")
        #expect(SightingText.time(seen, zone: "America/New_York", strings: Strings(.en)) == "2026-11-26 21:54 (New York time)")
        #expect(SightingText.time(seen) == "2026-11-27 02:54 UTC")
    }

    @Test func theListSaysWhatItShowsAboveTheResultsAndTheFormComesAfter() async throws {
        var filter = ListFilter(status: "MISSING", species: "CAT")
        filter.text = "rudy"
        let page = ListPage(reports: [Self.report()], filter: filter, errors: [], nextCursor: nil, isFirstPage: true, strings: Strings(.pl))
        #expect(page.summary == "1 zgłoszenie · Zaginione · Kot · „rudy”")
        // A page of several counts its own reports, and says so (a walk-through read "24 reports" on the first of 30).
        let first = ListPage(reports: [Self.report()], filter: filter, errors: [], nextCursor: "c", isFirstPage: true, strings: Strings(.en))
        #expect(first.summary == "1 report on this page · Lost pets · Cat · “rudy”")
        let second = ListPage(reports: [Self.report()], filter: ListFilter(), errors: [], nextCursor: nil, isFirstPage: false, strings: Strings(.pl))
        #expect(second.summary == "1 zgłoszenie na tej stronie")
        let html = try await PageModelTests.render(page, language: .pl)
        let results = try #require(html.range(of: "class=\"cards\""))
        let form = try #require(html.range(of: "id=\"filters\""))
        #expect(results.lowerBound < form.lowerBound)
    }
}
