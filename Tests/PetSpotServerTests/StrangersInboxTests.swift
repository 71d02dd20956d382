import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
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

    /// Messages from eleven clients to two reports of one address: 50 reach it in a day, the 51st sender
    /// is told to try later; another address's report still takes messages.
    @Test func relayedMessagesToOneMailboxStopAtTheDaysCap() async throws {
        try await TestApp.run(live: true, configure: { $0.trustedProxies = try! TrustedProxies("127.0.0.0/8, ::1") }) { client, _ in
            let reports = [
                try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "victim@example.net", "microchipNumber": nil]),
                try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "Vic.Tim+2@example.net", "microchipNumber": nil]),
            ]
            let other = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.org", "microchipNumber": nil])
            let message = #"{"name": "Anna", "email": "anna@example.com", "message": "Seen your dog today by the station"}"#
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<51 {
                let report = reports[index % 2], sender = "203.0.\(index / 5 + 1).9" // five from each /24
                let response = try await client.send(
                    .post, APIPath.messages(AnnouncementID(report.id)), json: message, headers: [ConsoleBrowser.forwarded: sender])
                statuses.append(response.status)
                if response.status == .tooManyRequests { #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 > 3600) }
            }
            #expect(statuses.prefix(50).allSatisfy { $0 == .accepted } && statuses.last == .tooManyRequests, "\(statuses)")
            let elsewhere = try await client.send(
                .post, APIPath.messages(AnnouncementID(other.id)), json: message, headers: [ConsoleBrowser.forwarded: "198.51.100.1"])
            #expect(elsewhere.status == .accepted)
        }
    }

    /// One line cannot spend an owner's day of messages: ten /64s of one IPv6 /48 (or one IPv4 /24) send
    /// five between them that day, and a real finder elsewhere still gets through (found by an audit).
    @Test func oneNetworkCannotSpendAnOwnersDayOfMessages() async throws {
        try await TestApp.run(live: true, configure: { $0.trustedProxies = try! TrustedProxies("127.0.0.0/8, ::1") }) { client, _ in
            let report = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.net", "microchipNumber": nil])
            let message = #"{"name": "Anna", "email": "anna@example.com", "message": "Seen your dog today by the station"}"#
            func send(from sender: String) async throws -> HTTPResponse.Status {
                try await client.send(.post, APIPath.messages(AnnouncementID(report.id)), json: message, headers: [ConsoleBrowser.forwarded: sender])
                    .status
            }
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<10 { statuses.append(try await send(from: "2001:db8:aaaa:\(index)::1")) }
            #expect(statuses == Array(repeating: .accepted, count: 5) + Array(repeating: .tooManyRequests, count: 5), "\(statuses)")
            #expect(try await send(from: "198.51.100.20") == .accepted, "a finder elsewhere")
        }
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
