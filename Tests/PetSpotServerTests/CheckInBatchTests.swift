import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
@testable import PetSpotServer
import Testing

/// A shelter that filed forty found pets is asked about all of them in one e-mail, each report with its
/// own answer links; another reporter still gets the single-report e-mail.
@Suite struct CheckInBatchTests {
    static let shelter = "adopt@shelter.example.pl"

    @Test func aSheltersFortyDueCheckInsArriveAsOneEmailWithEachReportsOwnLinks() async throws {
        let filed = Date().addingTimeInterval(-8 * 86_400)
        let reports = (0..<40).map { index in
            var report = Fixture.located(UUID().uuidString.lowercased(), 52.2 + Double(index) / 1000, 21.0)
            report.status = .found
            report.petName = nil
            report.email = Self.shelter
            report.createdAt = filed.addingTimeInterval(Double(index) * 1800)
            return report
        }
        let owner = {
            var report = Fixture.located(UUID().uuidString.lowercased(), 52.3, 21.1)
            report.email = "owner@example.pl"
            report.createdAt = filed
            return report
        }()
        try await TestApp.run(
            fixtures: { store in
                for report in reports + [owner] { try await store.create(report, passwordHash: "h") }
            },
            configure: { $0.checkInPoll = .milliseconds(200) }
        ) { client, directory throws in
            let mails = try await MailboxMessage.arrived(in: directory) { messages in
                [Self.shelter, owner.email!].allSatisfy { to in messages.contains { $0.to == to } }
            }
            let toShelter = mails.filter { $0.to == Self.shelter }
            #expect(toShelter.count == 1, "one e-mail, not forty")
            let mail = try #require(toShelter.first)
            #expect(mail.subject == "Are your 40 PetSpot reports still current?")
            for report in reports {
                let id = report.id.rawValue
                #expect(mail.text.contains("/lost-pets/\(id)\n"), "its page")
                #expect(mail.text.contains("/check-in/\(id)?answer=reunited&n=1&token="), "its own reunited link")
                #expect(mail.text.contains("/check-in/\(id)?answer=still&n=1&token="), "its own still-waiting link")
            }
            #expect(mail.html.contains("FOUND DOG") && mail.text.contains("40. "))
            // One report's "reunited" closes that report only.
            let closed = reports[16].id.rawValue
            let link = try #require(
                mail.text.matches(of: /\/check-in\/[^\s?]+\?answer=reunited&n=1&token=[0-9a-f]+/).map { String($0.output) }
                    .first { $0.contains(closed) })
            var browser = RelayBrowser(client: client)
            _ = try await browser.get(link)
            #expect(try await browser.post(link, [:]) == .ok)
            for report in reports[15...17] {
                let status = try await client.send(.get, APIPath.announcement(report.id)).json["status"] as? String
                #expect(status == (report.id.rawValue == closed ? "CLOSED" : "FOUND"))
            }
            // The reporter of one report is asked as before.
            let single = try #require(mails.first { $0.to == owner.email })
            #expect(single.subject == "Is your pet still missing?")
        }
    }

    /// `jan.kowalski@` and `jankowalski@` are two people at most providers: each is asked about their
    /// own report only, never sent the other's links.
    @Test func addressesThatOnlyShareAMailboxKeyAreAskedApart() async throws {
        let filed = Date().addingTimeInterval(-8 * 86_400)
        let reports = ["jan.kowalski@o2.pl", "JanKowalski+pets@o2.pl"].enumerated().map { index, email in
            var report = Fixture.located(UUID().uuidString.lowercased(), 52.2 + Double(index) / 100, 21.0)
            report.email = email
            report.createdAt = filed.addingTimeInterval(Double(index) * 60)
            return report
        }
        try await TestApp.run(
            fixtures: { store in
                for report in reports { try await store.create(report, passwordHash: "h") }
            },
            configure: { $0.checkInPoll = .milliseconds(200) }
        ) { _, directory throws in
            let mails = try await MailboxMessage.arrived(in: directory) { $0.count >= 2 }
            #expect(mails.count == 2)
            for (report, other) in [(reports[0], reports[1]), (reports[1], reports[0])] {
                let mail = try #require(mails.first { $0.to == report.email })
                #expect(mail.subject == "Is your pet still missing?")
                #expect(mail.text.contains("/check-in/\(report.id.rawValue)?answer=reunited"))
                #expect(!mail.text.contains(other.id.rawValue), "never the other person's links")
            }
        }
    }
}
