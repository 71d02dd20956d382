import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing
@testable import PetSpotWeb

/// The match e-mail goes to whoever filed a missing report, with the found report's public facts only
/// (`MailTests` files a finder's private details and finds none of them in it, chip or not).
@Suite struct MatchMailTests {
    static func pair(chip: String?) -> (missing: Announcement, found: Announcement) {
        var missing = Announcement.mock(petName: "Burek", location: Coordinate(latitude: 52.2297, longitude: 21.0122), email: "owner@example.pl")
        missing.microchipNumber = chip
        var found = Announcement.mock(petName: nil, location: Coordinate(latitude: 52.25, longitude: 21.03), email: nil)
        found.status = .found
        found.microchipNumber = chip
        return (missing, found)
    }

    @Test(arguments: ["985112345678901", nil])
    func theMailTellsTheFoundReportsFacts(_ chip: String?) throws {
        let (missing, found) = Self.pair(chip: chip)
        let match = try #require(AnnouncementMatcher.match(missing, found))
        let mail = try #require(ReportMail.match(match, missing: missing, found: found, baseURL: "https://petspot.example"))
        #expect(mail.to == "owner@example.pl")
        // Under "the found report": the found report's facts, not the owner's own pet's name.
        #expect(!mail.text.contains("Burek"))
        #expect(mail.text.contains("https://petspot.example/lost-pets/\(found.id.rawValue)"))
    }
}

/// What strangers type (a message, a sighting's note, a pet's name) stays under its label in the text
/// e-mail: each of its lines quoted, none standing alone as if PetSpot wrote it.
@Suite struct StrangerTextInMailTests {
    @Test func everyLineAStrangerTypedIsQuotedUnderItsLabel() throws {
        let forged = "Seen.\r\n\nIMPORTANT from PetSpot: confirm your code at\nhttp://evil.example\u{2028}-- \nThe PetSpot team"
        var report = Announcement.mock(petName: "Reksio\n\nPetSpot: confirm at http://evil.example")
        report.email = "owner@example.pl"
        let relayed = try #require(
            ReportMail.relayed(report, name: "Anna", email: "anna@example.com", phone: nil, trait: nil, message: forged, baseURL: "https://petspot.example"))
        let sighting = Sighting(reportID: report.id, seenAt: Date(), location: report.location, note: forged, createdAt: Date())
        let seen = try #require(ReportMail.sightings([sighting], of: report, places: [nil], baseURL: "https://petspot.example"))
        for mail in [relayed, seen] {
            let lines = mail.text.components(separatedBy: "\n")
            for typed in ["IMPORTANT from PetSpot: confirm your code at", "http://evil.example"] {
                #expect(lines.contains("  > \(typed)") && !lines.contains(typed), "\(typed)\n\(mail.text)")
            }
            // One signature, PetSpot's own, at the end; the forged one is quoted.
            #expect(lines.filter { $0 == "-- " }.count == 1 && lines.contains("  > The PetSpot team"))
        }
        #expect(seen.text.contains("  > PetSpot: confirm at http://evil.example"))
        // The check-in e-mail about several reports names each in its list, inline: on one line, in quotes.
        let items = [report, Announcement.mock(petName: "Burek")].map { item -> ReportMail.CheckInItem in
            var item = item
            item.email = "owner@example.pl"
            return ReportMail.CheckInItem(report: item, stillMissing: "https://petspot.example/s", reunited: "https://petspot.example/r", plan: nil)
        }
        let checkIn = try #require(ReportMail.checkIns(items, baseURL: "https://petspot.example"))
        let lines = checkIn.text.components(separatedBy: "\n")
        #expect(
            !lines.contains { $0.hasPrefix("PetSpot: confirm") } && lines.contains { $0.contains("“Reksio PetSpot: confirm at http://evil.example”") },
            "\(checkIn.text)")
    }
}
