import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import PetSpotWeb
import Synchronization
import Testing

/// "My reports" on every backend: an owner who lost the code asks for "my reports", opens the e-mailed link
/// once, manages a report with the grant it gives, replaces the code (the old one stops at once) and
/// stops a sighting watch; an unknown address gets the same answer and no mail; a replayed, altered or
/// expired link opens nothing.
@Suite struct MyReportsTests {
    static func link(in directory: URL, to address: String) async throws -> String? {
        let message = try await MailboxMessage.first(in: directory) { $0.to == address && $0.subject == "Your PetSpot reports" }
        return message?.text.firstMatch(of: /http[^\s]*(\/my-reports\/open\/[0-9a-f]+\?token=[0-9a-f]+)/).map { String($0.1) }
    }

    /// Reports a stranger files under a dot or `+tag` variant of the owner's address (one mailbox at many
    /// providers) do not spend the owner's links: asking for the variant's links, and for its reports'
    /// owner links, leaves the owner's own "my reports" and "e-mail me a link" working (found by an audit).
    @Test func aVariantsRequestsDoNotSpendTheOwnersLinks() async throws {
        try await TestApp.run { client, directory throws in
            let owners = try await client.createAnnouncement(["email": "jan.kowalski@example.org", "microchipNumber": nil])
            var decoys: [String] = []
            for _ in 0..<2 { decoys.append(try await client.createAnnouncement(["email": "jankowalski+a@example.org", "microchipNumber": nil]).id) }
            var stranger = ConsoleBrowser(client: client)
            for decoy in decoys {
                _ = try await stranger.get("/manage/\(decoy)")
                for _ in 0..<3 { _ = try await stranger.post("/manage/\(decoy)/send-link", [:]) }
            }
            for _ in 0..<3 { _ = try await client.send(.post, "/api/v1/my-reports", json: #"{"email":"jankowalski+a@example.org"}"#) }
            let asked = try await client.send(.post, "/api/v1/my-reports", json: #"{"email":"jan.kowalski@example.org"}"#)
            #expect(asked.status == .accepted, "the owner's own request is not spent")
            #expect(try await Self.link(in: directory, to: "jan.kowalski@example.org") != nil)
            var owner = ConsoleBrowser(client: client)
            _ = try await owner.get("/manage/\(owners.id)")
            _ = try await owner.post("/manage/\(owners.id)/send-link", [:])
            let link = try await MailboxMessage.first(in: directory) { $0.to == "jan.kowalski@example.org" && $0.text.contains("/manage/\(owners.id)") }
            #expect(link != nil, "the owner's link is e-mailed")
        }
    }

    /// Any address a report may carry gets its link, the apps' narrower rule aside (found by an audit: an
    /// owner filed as `o'brien@…` through the API could not get back in); what no report can carry, a
    /// control character or no domain, is refused as the report's form refuses it.
    @Test func everyAddressAReportMayCarryCanAskForItsLink() async throws {
        try await TestApp.run { client, directory throws in
            _ = try await client.createAnnouncement(["email": "o'brien@example.ie", "microchipNumber": nil])
            let asked = try await client.send(.post, APIPath.myReports, json: #"{"email":" O'Brien@example.ie "}"#)
            #expect(asked.status == .accepted, "\(asked.text)")
            #expect(try await Self.link(in: directory, to: "o'brien@example.ie") != nil)
            let override = #"{"email":"a\u202Eei.elpmaxe@b.ie"}"#
            for refused in [#"{"email":"a\u0001b@example.ie"}"#, override, #"{"email":"nobody"}"#, #"{"email":"a b@example.ie"}"#] {
                #expect(try await client.send(.post, APIPath.myReports, json: refused).status == .badRequest, "\(refused)")
            }
        }
    }

    @Test func theLinkOpensEveryReportOfTheAddressOnceAndReplacesACode() async throws {
        try await TestApp.run(everyDatabase: true) { client, directory throws in
            let first = try await client.createAnnouncement(["email": "Owner@Example.pl", "microchipNumber": nil, "petName": "Burek"])
            let second = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil, "petName": "Mruczek"])
            let stranger = try await client.createAnnouncement(["email": "someone@example.pl", "microchipNumber": nil, "petName": "Azor"])
            let message = #"{"name":"Anna","email":"anna@example.com","message":"I think I saw Burek by the river today"}"#
            #expect(try await client.send(.post, APIPath.messages(AnnouncementID(first.id)), json: message).status == .accepted)
            var browser = ConsoleBrowser(client: client)
            #expect(try await browser.get("/my-reports").text.contains("Send me the link"))
            let asked = try await browser.post("/my-reports", ["email": "owner@example.pl"])
            let unknown = try await browser.post("/my-reports", ["email": "nobody@example.pl"])
            #expect(asked.status == .ok && unknown.status == .ok)
            #expect(asked.text == unknown.text, "the same answer for a known and an unknown address")
            #expect(try await browser.post("/my-reports", ["email": "not an address"]).status == .badRequest)
            let api = try await client.send(.post, "/api/v1/my-reports", json: #"{"email":"nobody@example.com"}"#)
            #expect(api.status == .accepted)

            let path = try #require(try await Self.link(in: directory, to: "owner@example.pl"))
            #expect(try MailboxMessage.all(in: directory).allSatisfy { $0.to != "nobody@example.pl" }, "nothing goes to an unknown address")
            #expect(try await browser.get(path.replacingOccurrences(of: "token=", with: "token=00")).status == .notFound, "an altered link")
            #expect(try await browser.get(path).text.contains("Show my reports"), "a link only asks: mail scanners open links")
            let opened = try await browser.post(path, [:])
            #expect(opened.location == "/my-reports/mine")
            let session = try #require(opened.headers[values: .setCookie].first { $0.hasPrefix("petspot_mine=") })
            #expect(!session.lowercased().contains("max-age") && !session.lowercased().contains("expires"), "ends with the browser: \(session)")
            var other = ConsoleBrowser(client: client)
            _ = try await other.get(path)
            #expect(try await other.post(path, [:]).status == .notFound, "a link works once")

            let page = try await browser.get("/my-reports/mine")
            #expect(page.text.contains("Burek") && page.text.contains("Mruczek") && !page.text.contains("Azor"))
            let form = try #require(page.text.range(of: "action=\"/manage/\(first.id)\""))
            let grant = try #require(page.text[form.upperBound...].firstMatch(of: /name="grant" value="([0-9]+\.[0-9a-f]+)"/).map { String($0.1) })
            let owner = try await browser.post("/manage/\(first.id)", ["grant": grant])
            #expect(owner.status == .ok && owner.text.contains("owner-actions"), "the page's grant opens the owner's view")
            #expect(
                owner.text.contains("I think I saw Burek by the river today") && owner.text.contains("anna@example.com"),
                "the finders' messages, kept private, are in the owner's view")
            #expect(owner.text.contains("(New York time)"), "a message's time reads in the report's zone, as its sightings' do")

            // Someone who had the old code holds a grant from it; the new code ends it.
            var thief = ConsoleBrowser(client: client)
            _ = try await thief.get("/manage/\(second.id)")
            let stolen = try await thief.post("/manage/\(second.id)", ["code": second.password])
            let thiefGrant = try #require(stolen.text.firstMatch(of: /name="grant" value="([0-9]+\.[0-9a-f]+)"/).map { String($0.1) })
            #expect(try await thief.post("/manage/\(second.id)", ["grant": thiefGrant]).text.contains("owner-actions"))
            let replaced = try await browser.post("/my-reports/reports/\(second.id)/code", [:])
            let code = try #require(replaced.text.firstMatch(of: /<dd>([0-9]{6})<\/dd>/).map { String($0.1) })
            let patch = APIPath.announcement(AnnouncementID(second.id))
            #expect(
                try await client.send(.patch, patch, json: "{}", headers: [.authorization: Basic.header(second.id, second.password)]).status == .forbidden,
                "the old code stops at once")
            #expect(try await client.send(.patch, patch, json: "{}", headers: [.authorization: Basic.header(second.id, code)]).status == .ok)
            let refused = try await thief.post("/manage/\(second.id)/delete-confirmed", ["grant": thiefGrant])
            #expect(!refused.text.contains("owner-actions") && refused.status != .ok, "a grant from the old code opens nothing")
            #expect(try await client.send(.get, patch).status == .ok, "the report is still there")
            #expect(try await browser.post("/my-reports/reports/\(stranger.id)/code", [:]).status == .notFound, "only the address's reports")
            let mailed = try #require(try await MailboxMessage.first(in: directory) { $0.text.contains(code) }, "the new code is e-mailed too")
            // It says the code was replaced, not that a report was filed (found by an audit).
            #expect(mailed.subject == "Your PetSpot report has a new management code" && mailed.text.contains("The old code no longer works"))
            #expect(!mailed.text.contains("Thank you for reporting") && !mailed.text.contains("If you did not file this report"))
            // Without the session, the page sends back to asking for a link.
            var stranger2 = ConsoleBrowser(client: client)
            #expect(try await stranger2.get("/my-reports/mine").location == "/my-reports")
            // "Close my reports on this device" ends the session at once.
            let list = try await browser.get("/my-reports/mine")
            #expect(list.text.contains("action=\"/my-reports/sign-out\"") && list.text.contains("Close my reports on this device"))
            let closed = try await browser.post("/my-reports/sign-out", [:])
            #expect(
                closed.location == "/my-reports" && closed.headers[values: .setCookie].contains { $0.hasPrefix("petspot_mine=;") && $0.contains("Max-Age=0") })
            #expect(try await browser.get("/my-reports/mine").location == "/my-reports")
        }
    }

    @Test func anExpiredLinkOpensNothingAndEveryMailSaysWhereToGetBackIn() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            _ = try await client.createAnnouncement(["email": "late@example.pl", "microchipNumber": nil])
            let code = try #require(try await MailboxMessage.first(in: directory) { $0.to == "late@example.pl" })
            #expect(code.text.contains("Lost your code? Get a link to all your reports") && code.text.contains("/my-reports"))
            let store = try await SQLiteStore.open(path: directory.appendingPathComponent("petspot.sqlite").path)
            let nonce = String(repeating: "ab", count: 16)
            try await store.createLink(nonce: nonce, email: "late@example.pl", expiresAt: Date().addingTimeInterval(-1))
            try await store.close()
            let token = KeyedTokens(secret: String(repeating: "s", count: 32)).token("my-reports", nonce)
            var browser = ConsoleBrowser(client: client)
            #expect(try await browser.get("/my-reports/open/\(nonce)?token=\(token)").status == .ok, "genuine: it asks")
            #expect(try await browser.post("/my-reports/open/\(nonce)?token=\(token)", [:]).status == .notFound, "expired: it opens nothing")
        }
    }
}

/// Design rule 13: whoever asks, one mailbox gets at most six "my reports" links a day.
@Suite struct MyReportsMailboxCapTests {
    @Test func aMailboxGetsAtMostSixLinksADay() async throws {
        let store = InMemoryStore()
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example")
        let lockout = LockoutPolicy(store: store)
        let photos = try PhotoStorage(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("cap-\(UUID().uuidString)"))
        let announcements = AnnouncementService(store: store, photos: photos, lockout: lockout, notifier: notifier)
        let tokens = KeyedTokens(secret: String(repeating: "s", count: 32))
        let alerts = AlertService(store: store, notifier: notifier, tokens: tokens, lockout: lockout, dailyCap: 10, now: Date.init)
        let service = MyReportsService(store: store, announcements: announcements, alerts: alerts, tokens: tokens, lockout: lockout, now: Date.init)
        try await store.create(Announcement.mock(email: "owner@example.pl"), passwordHash: "h")
        for _ in 0..<9 { try await service.sendLink(to: "owner@example.pl") }
        try await service.sendLink(to: "nobody@example.pl")
        let mails = try await store.outbox().compactMap { try? JSONDecoder().decode(MailContent.self, from: Data($0.entry.payload.utf8)) }
        let links = mails.filter { $0.subject == "Your PetSpot reports" }
        #expect(links.count == 6 && links.allSatisfy { $0.to == "owner@example.pl" }, "\(links.map(\.to))")
    }
}

/// A stranger who spends an address's six links of the day at 03:00 only sends the owner six ways in: a
/// link still opens hours later, until the cap frees (an audit found them all dead by 03:45 when links
/// lived 30 minutes), and no longer than a day.
@Suite struct MyReportsLinkLifetimeTests {
    @Test func aLinkOutlivesTheDaysCap() async throws {
        let store = InMemoryStore()
        let clock = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example")
        let lockout = LockoutPolicy(store: store, now: now)
        let photos = try PhotoStorage(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("life-\(UUID().uuidString)"))
        let announcements = AnnouncementService(store: store, photos: photos, lockout: lockout, notifier: notifier)
        let tokens = KeyedTokens(secret: String(repeating: "s", count: 32))
        let alerts = AlertService(store: store, notifier: notifier, tokens: tokens, lockout: lockout, dailyCap: 10, now: now)
        let service = MyReportsService(store: store, announcements: announcements, alerts: alerts, tokens: tokens, lockout: lockout, now: now)
        try await store.create(Announcement.mock(email: "owner@example.pl"), passwordHash: "h")
        for _ in 0..<7 { try await service.sendLink(to: "owner@example.pl") }
        let links = try await store.outbox().compactMap { try? JSONDecoder().decode(MailContent.self, from: Data($0.entry.payload.utf8)) }
            .compactMap { $0.text.firstMatch(of: /\/my-reports\/open\/([0-9a-f]+)\?token=([0-9a-zA-Z_-]+)/) }
        #expect(links.count == 6)
        clock.withLock { $0 += 20 * 3600 }
        #expect(try await service.open(nonce: String(links[0].1), token: String(links[0].2)) == "owner@example.pl")
        clock.withLock { $0 += 5 * 3600 }
        #expect(try await service.open(nonce: String(links[1].1), token: String(links[1].2)) == nil, "a day at most")
    }
}

/// A flood of messages to one report never queues a new sender's message behind it.
@Suite struct RelayFairnessTests {
    @Test func aFirstMessageFromANewSenderGoesAtOnceDuringAFlood() async throws {
        let store = InMemoryStore()
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example")
        let photos = try PhotoStorage(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)"))
        let service = AnnouncementService(store: store, photos: photos, lockout: LockoutPolicy(store: store), notifier: notifier)
        let report = Announcement.mock(email: "owner@example.pl")
        try await store.create(report, passwordHash: "h")
        func send(from client: String, _ text: String) async throws {
            try await service.relay(RelayMessageForm(name: "Sender", email: "s-\(client)@example.com", message: text), to: report, client: client)
        }
        // Six flooding networks (/24s), five messages each (the per-sender limit): 30 messages, past the report's 20.
        for flooder in 0..<6 {
            for message in 0..<5 { try await send(from: "203.0.\(flooder).1", "flood \(flooder)-\(message) please read this") }
        }
        try await send(from: "198.51.100.9", "I found your cat by the bakery")
        #expect(try await store.outbox().count == 31, "every message is kept")
        // Each flooder's first message went at once (6), then 20 more within the report's budget; 4 wait.
        let due = try await store.claimOutbox(now: Date(), lease: 60, limit: 100)
        #expect(due.count == 27, "\(due.count) due")
        #expect(due.contains { $0.payload.contains("I found your cat by the bakery") }, "the finder's message waits behind the flood")
    }
}
