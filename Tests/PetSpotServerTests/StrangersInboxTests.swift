import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// An address typed into a report is unchecked: it may be a stranger's. Reports filed with it in a row,
/// and messages sent from many clients, cannot make PetSpot flood that mailbox (found by an audit).
@Suite struct StrangersInboxTests {
    static func body(_ email: String, lastSeen: String = "2025-11-20") -> [String: Any?] {
        ["email": email, "microchipNumber": nil, "lastSeenDate": lastSeen]
    }

    /// Messages from eleven clients to two reports of one address: 50 reach it by e-mail in a day; the
    /// 51st sender is answered as every other (a refusal would say the two reports share an owner, found by
    /// an audit) and its message waits on the owner's page; another address's report still gets e-mail.
    @Test func relayedMessagesToOneMailboxStopAtTheDaysCap() async throws {
        try await TestApp.run(live: true, configure: { $0.trustedProxies = try! TrustedProxies("127.0.0.0/8, ::1") }) { client, directory in
            let reports = [
                try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "victim@example.net", "microchipNumber": nil]),
                try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "Vic.Tim+2@example.net", "microchipNumber": nil]),
            ]
            let other = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.org", "microchipNumber": nil])
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<51 {
                let report = reports[index % 2], sender = "203.0.\(index / 5 + 1).9" // five from each /24
                let message = #"{"name": "Anna", "email": "anna@example.com", "message": "Seen your dog today, number "# + "\(index)\"}"
                let response = try await client.send(
                    .post, APIPath.messages(AnnouncementID(report.id)), json: message, headers: [ConsoleBrowser.forwarded: sender])
                statuses.append(response.status)
            }
            #expect(statuses.allSatisfy { $0 == .accepted }, "\(statuses)")
            let elsewhere = try await client.send(
                .post, APIPath.messages(AnnouncementID(other.id)),
                json: #"{"name": "Anna", "email": "anna@example.com", "message": "Seen your dog today by the station"}"#,
                headers: [ConsoleBrowser.forwarded: "198.51.100.1"])
            #expect(elsewhere.status == .accepted)
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == "owner@example.org" } }
            try await Task.sleep(for: .seconds(1))
            let toVictim = try MailboxMessage.all(in: directory).filter {
                $0.to.lowercased().contains("example.net") && $0.text.contains("Seen your dog today")
            }
            #expect(toVictim.count == 50, "\(toVictim.count) e-mailed")
            #expect(!toVictim.contains { $0.text.contains("number 50") } && mails.contains { $0.to == "owner@example.org" })
            #expect(try await Self.ownersPage(client, reports[0]).contains("Seen your dog today, number 50"), "the 51st waits on the owner's page")
        }
    }

    /// One line cannot spend an owner's day of messages: ten /64s of one IPv6 /48 (or one IPv4 /24) e-mail
    /// five between them that day, the rest wait on the owner's page, and a real finder elsewhere is
    /// still e-mailed (found by an audit); every sender gets the same answer.
    @Test func oneNetworkCannotSpendAnOwnersDayOfMessages() async throws {
        try await TestApp.run(live: true, configure: { $0.trustedProxies = try! TrustedProxies("127.0.0.0/8, ::1") }) { client, directory in
            let report = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.net", "microchipNumber": nil])
            func send(_ text: String, from sender: String) async throws -> HTTPResponse.Status {
                let message = #"{"name": "Anna", "email": "anna@example.com", "message": ""# + text + "\"}"
                return try await client.send(
                    .post, APIPath.messages(AnnouncementID(report.id)), json: message, headers: [ConsoleBrowser.forwarded: sender]
                ).status
            }
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<10 { statuses.append(try await send("From the line, number \(index)", from: "2001:db8:aaaa:\(index)::1")) }
            #expect(statuses == Array(repeating: .accepted, count: 10), "\(statuses)")
            #expect(try await send("A finder elsewhere", from: "198.51.100.20") == .accepted)
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.text.contains("A finder elsewhere") } }
            try await Task.sleep(for: .seconds(1))
            #expect(mails.contains { $0.text.contains("A finder elsewhere") }, "a real finder is still e-mailed")
            #expect(try MailboxMessage.all(in: directory).filter { $0.text.contains("From the line") }.count == 5)
            let page = try await Self.ownersPage(client, report)
            #expect((0..<10).allSatisfy { page.contains("From the line, number \($0)") }, "every message is on the owner's page")
        }
    }

    /// The messages section of the report's manage page, opened with its code.
    static func ownersPage(_ client: any TestClientProtocol, _ report: (id: String, password: String)) async throws -> String {
        var owner = RelayBrowser(client: client)
        _ = try await owner.get("/manage/\(report.id)")
        let managed = try await client.executeRequest(
            uri: "/manage/\(report.id)", method: .post, headers: [.cookie: owner.cookie, .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: "_csrf=\(owner.token)&code=\(report.password)"))
        return String(buffer: managed.body).firstMatch(of: /data-testid="owner-messages">(.*?)<\/section>/.dotMatchesNewlines()).map { String($0.1) } ?? ""
    }

    /// Five reports with one address, each at a new stage of its plan: three plans reach it that day.
    @Test func searchPlansToOneMailboxStopAtTheDaysCap() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-plan-cap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lastSeen = ReportDate.adding(-3, to: ReportDate(utc: Date())).text
        try await TestApp.run(on: .sqlite, dataDirectory: directory) { client, _ in
            for _ in 0..<5 { _ = try await client.createAnnouncement(Self.body("victim@example.net", lastSeen: lastSeen)) }
        }
        try await TestApp.run(on: .sqlite, dataDirectory: directory, configure: { $0.clockDays = 1 }) { _, directory throws in
            _ = try await MailboxMessage.arrived(in: directory) { $0.filter { $0.subject.contains("search plan") }.count >= 3 }
            try await Task.sleep(for: .seconds(1))
            let plans = try MailboxMessage.all(in: directory).filter { $0.to == "victim@example.net" && $0.subject.contains("search plan") }
            #expect(plans.count == 3, "\(plans.map(\.subject))")
        }
    }

    /// Twelve reports typed with one address, each given a sighting: ten notices reach it that day, the
    /// other two the next (they wait for the cap, untold, rather than being dropped).
    @Test func sightingNoticesToOneMailboxStopAtTheDaysCap() async throws {
        let store = InMemoryStore()
        let clock = MutableClock(Date(timeIntervalSince1970: 1_800_000_000))
        let lockout = LockoutPolicy(store: store, now: { clock.now })
        let notifier = ReportNotifier(
            store: store, mails: WebMailWriter(), baseURL: "https://petspot.example", lockout: lockout, now: { clock.now })
        for _ in 0..<12 {
            var report = Announcement.mock(createdAt: clock.now)
            report.email = "stranger@example.org"
            try await store.create(report, passwordHash: "h")
            let sighting = Sighting(reportID: report.id, seenAt: clock.now, location: report.location, note: "Visit evil.example", createdAt: clock.now)
            try await store.addSighting(sighting, photoFile: nil, watcher: nil, noticeGap: SightingService.noticeGap)
        }
        func sendDue() async throws -> Int {
            let due = try await store.claimOutbox(now: clock.now, lease: 60, limit: 100).filter { $0.kind == .sightingNotice }
            for entry in due { try await notifier.sendSightingNotice(entry) }
            return try await store.outbox().filter { $0.entry.kind == .email && $0.entry.payload.contains("stranger@example.org") }.count
        }
        #expect(try await sendDue() == LockoutPolicy.unaskedSighting.limit, "ten that day")
        clock.now = clock.now.addingTimeInterval(3600)
        #expect(try await sendDue() == LockoutPolicy.unaskedSighting.limit, "the other two wait, not sent nor spun on")
        clock.now = clock.now.addingTimeInterval(86_400)
        #expect(try await sendDue() == LockoutPolicy.unaskedSighting.limit + 2, "and go the next day")
    }

    /// Accounts made from one client are limited like reports: each runs scrypt, and a 409 tells whether
    /// an address has an account.
    @Test func accountsMadeFromOneClientAreLimited() async throws {
        try await TestApp.run { client, _ in
            var statuses: [HTTPResponse.Status] = []
            for index in 0...LockoutPolicy.accountClient.limit {
                let body = #"{"email": "user\#(index)@example.com", "password": "password123"}"#
                statuses.append(try await client.send(.post, APIPath.users, json: body).status)
            }
            #expect(statuses.dropLast().allSatisfy { $0 == .created } && statuses.last == .tooManyRequests, "\(statuses)")
        }
    }

    /// Spellings of one mailbox (a trailing dot, an empty label, invisible or control characters, a tag)
    /// share its budget: five reports filed with them send one code e-mail.
    @Test func spellingsOfOneMailboxShareItsBudget() async throws {
        try await TestApp.run { client, directory in
            for email in ["victim@example.net.", "victim@example..net", "vic\u{AD}tim@example.net", "Vic.Tim+x@Example.net", "victim@example.net"] {
                _ = try await client.createAnnouncement(Self.body(email))
            }
            _ = try await MailboxMessage.arrived(in: directory) { !$0.isEmpty }
            try await Task.sleep(for: .seconds(1))
            #expect(try MailboxMessage.all(in: directory).count == 1)
        }
        #expect(ContactRules.mailboxKey("own\u{202E}er@Example.COM.") == ContactRules.mailboxKey("owner@example.com"))
    }

    /// Answers meant for one person (a new report's code, a report read with its code) are kept by no cache;
    /// the public list may be.
    @Test func privateAnswersAreNotStored() async throws {
        try await TestApp.run { client, _ in
            let created = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(Self.body("owner@example.com")))
            #expect(created.status == .created && created.headers[.cacheControl] == "no-store")
            let report = try JSONDecoder().decode(CreatedAnnouncementDTO.self, from: Data(buffer: created.body))
            let id = AnnouncementID(report.announcement.id)
            let own = try await client.send(
                .get, APIPath.announcement(id), headers: [.authorization: Basic.header(id.rawValue, report.managementPassword)])
            #expect(own.status == .ok && own.headers[.cacheControl] == "no-store")
            #expect(try await client.send(.get, APIPath.announcements).headers[.cacheControl] != "no-store")
        }
    }
}
