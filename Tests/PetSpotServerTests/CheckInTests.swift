import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
@testable import PetSpotServer
import Testing

/// The "still missing?" check-ins through the e-mails and their one-time links, on SQLite and
/// PostgreSQL (asked at once here: the schedule is shortened).
@Suite struct CheckInTests {
    @Test func theReporterAnswersStillMissingOrReunitedOnceFromTheEmail() async throws {
        try await TestApp.run(configure: {
            $0.checkInDays = (0, 14)
            $0.checkInPoll = .milliseconds(200)
        }) { client, directory throws in
            let kept = try await client.createAnnouncement(["email": "kept@example.pl", "petName": "Burek", "microchipNumber": nil])
            let home = try await client.createAnnouncement(["email": "home@example.pl", "petName": "Azor", "microchipNumber": nil])
            let mails = try await MailboxMessage.arrived(in: directory) { messages in
                ["kept@example.pl", "home@example.pl"].allSatisfy { to in messages.contains { $0.to == to && $0.subject.contains("still missing") } }
            }
            func link(_ to: String, _ answer: String) throws -> String {
                let mail = try #require(mails.first { $0.to == to && $0.subject.contains("still missing") })
                let links = mail.text.matches(of: /\/check-in\/[^\s?]+\?answer=[a-z]+&n=\d+&token=[0-9a-f]+/).map { String($0.output) }
                return try #require(links.first { $0.contains("answer=\(answer)") })
            }
            // A missing pet's check-in carries the day's plan and its page's link.
            let kept1 = try #require(mails.first { $0.to == "kept@example.pl" && $0.subject.contains("still missing") })
            #expect(kept1.text.contains("Your search plan for today (") && kept1.text.contains("1. "), "\(kept1.text)")
            #expect(kept1.text.contains("/plan/\(kept.id)?token="), "\(kept1.text)")
            var browser = RelayBrowser(client: client)
            // Still missing: a question first, then the button; the link works once.
            let still = try link("kept@example.pl", "still")
            #expect(try await browser.get(still).contains("Keep your report listed?"))
            #expect(try await browser.post(still, [:]) == .ok)
            #expect(try await browser.post(still, [:]) == .notFound, "used")
            #expect(try await browser.post(try link("kept@example.pl", "reunited"), [:]) == .notFound, "the same e-mail's other link is spent too")
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(kept.id))).json["status"] as? String == "MISSING")
            // The signature covers the answer: a "still missing" link edited into "reunited" does nothing.
            let edited = try link("home@example.pl", "still").replacingOccurrences(of: "answer=still", with: "answer=reunited")
            #expect(try await browser.get(edited).contains("This link does not work any more"), "no question for a forged link")
            #expect(try await browser.post(edited, [:]) == .notFound)
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(home.id))).json["status"] as? String == "MISSING")
            // Reunited: closed without the code.
            let reunited = try link("home@example.pl", "reunited")
            _ = try await browser.get(reunited)
            #expect(try await browser.post(reunited, [:]) == .ok)
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(home.id))).json["status"] as? String == "CLOSED")
            // A forged token does nothing.
            let forged = reunited.replacingOccurrences(of: home.id, with: kept.id)
            #expect(try await browser.get(forged).contains("This link does not work any more"))
            #expect(try await browser.post(forged, [:]) == .notFound)
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(kept.id))).json["status"] as? String == "MISSING")
        }
    }

    /// Ninety days without an answer: the report leaves the lists; the owner's code brings it back.
    @Test func aStaleReportLeavesTheListUntilItsOwnerKeepsIt() async throws {
        let store = InMemoryStore()
        let day: TimeInterval = 86_400
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = MutableClock(created)
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example", now: { clock.now })
        let announcements = AnnouncementService(
            store: store,
            photos: try PhotoStorage(
                dataDirectory: FileManager.default.temporaryDirectory
                    .appendingPathComponent("checkin-\(UUID().uuidString)")), lockout: LockoutPolicy(store: store), notifier: notifier, now: { clock.now })
        let service = CheckInService(
            store: store, announcements: announcements, notifier: notifier,
            tokens: KeyedTokens(secret: String(repeating: "k", count: 32)), now: { clock.now })
        var report = Fixture.located(UUID().uuidString.lowercased(), 52.23, 21.01)
        report.createdAt = created
        report.email = "owner@example.pl"
        try await store.create(report, passwordHash: "h")
        clock.now = created.addingTimeInterval(8 * day)
        #expect(try await service.sendDue() == 1)
        let mail = try JSONDecoder().decode(MailContentBox.self, from: Data(try #require(try await store.outbox().last).entry.payload.utf8))
        #expect(mail.subject == "Is your pet still missing?" && mail.text.contains("/check-in/\(report.id.rawValue)?answer=reunited&n=1&token="))
        clock.now = created.addingTimeInterval(91 * day)
        #expect(try await service.isStale(report.id))
        let query = AnnouncementQuery(confirmedSince: CheckInService.listedSince(clock.now))
        #expect(try await store.list(query).isEmpty)
        try await service.keepListed(report.id)
        #expect(try await !service.isStale(report.id))
        #expect(try await store.list(AnnouncementQuery(confirmedSince: CheckInService.listedSince(clock.now))).map(\.id) == [report.id])
    }
}

final class MutableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ start: Date) { value = start }
    var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

private struct MailContentBox: Decodable {
    var subject: String
    var text: String
}
