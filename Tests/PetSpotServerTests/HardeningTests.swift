import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Synchronization
import Testing

/// PetSpot's mail cannot be aimed at strangers, its defences cannot be turned on owners, and
/// public answers carry the public area, not the point.
@Suite struct HardeningTests {
    static let wrongCodes = (0..<10).map { String(100_000 + $0) }

    /// Ten reports filed for one stranger's address in several spellings: one code e-mail.
    @Test func aStrangerGetsOneCodeEmailADayWhateverTheSpelling() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let spellings = ["victim@example.com", "Victim@Example.com", "vic.tim@example.com", "victim+1@example.com", " victim+x@example.com"]
            for (index, email) in spellings.enumerated() {
                let created = try await client.send(
                    .post, APIPath.announcements,
                    json: Fixture.createBody([
                        "email": email.trimmingCharacters(in: .whitespaces),
                        "microchipNumber": nil, "petName": "Pet \(index)",
                    ]))
                #expect(created.status == .created)
            }
            let other = try await client.createAnnouncement(["email": "someone.else@example.com", "microchipNumber": nil])
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == "someone.else@example.com" } }
            #expect(mails.filter { ContactRules.mailboxKey($0.to) == "victim@example.com" }.count == 1, "\(mails.map(\.to))")
            #expect(mails.contains { $0.to == "someone.else@example.com" && $0.text.contains(other.password) })
        }
    }

    /// A report refused for a taken chip number files nothing and spends nothing: the owner who files
    /// next under that mailbox still gets the code e-mail (a stranger's 409s used to spend it).
    @Test func aRefusedReportDoesNotSpendTheDaysCodeEmail() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            _ = try await client.createAnnouncement(["email": "first@example.com", "microchipNumber": "111112222233333"])
            let refused = try await client.send(
                .post, APIPath.announcements, json: Fixture.createBody(["email": "A.Nowak+zzz@Example.org", "microchipNumber": "111112222233333"]))
            #expect(refused.status == .conflict)
            let owner = try await client.createAnnouncement(["email": "anowak@example.org", "microchipNumber": nil])
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == "anowak@example.org" } }
            #expect(mails.contains { $0.to == "anowak@example.org" && $0.text.contains(owner.password) })
        }
    }

    /// Found reports filed in a row near a missing report with a stranger's address: at most five match
    /// e-mails a day reach that mailbox; every match still shows to its owner.
    @Test func foundReportsInARowCannotFloodTheMissingReportsAddress() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let missing = try await client.createAnnouncement(["email": "victim@example.com", "microchipNumber": nil, "species": "CAT"])
            #expect(try await client.uploadPhoto(missing.id, password: missing.password, bytes: Fixture.jpeg).status == .created)
            for index in 0..<7 {
                let found = try await client.createAnnouncement([
                    "status": "FOUND", "species": "CAT", "email": nil, "phone": "60070080\(index)", "microchipNumber": nil,
                    "description": "Found near the park \(index)",
                ])
                #expect(try await client.uploadPhoto(found.id, password: found.password, bytes: Fixture.jpeg).status == .created)
            }
            let matches = try await client.send(
                .get, APIPath.matches(AnnouncementID(missing.id)), headers: [.authorization: Basic.header(missing.id, missing.password)])
            #expect(matches.list.count == 7)
            // Drained: every scan done and every e-mail sent.
            for _ in 0..<600 where !(try await client.send(.get, APIPath.metrics).text.contains("petspot_outbox_pending 0")) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let told = try MailboxMessage.all(in: directory).filter { $0.to == "victim@example.com" && $0.subject == "Someone may have found your pet" }
            #expect(told.count == 5)
        }
    }

    @Test func mailboxKeysMergeTagsDotsAndCase() {
        #expect(ContactRules.mailboxKey(" A.Lice+x@Example.COM ") == "alice@example.com")
        #expect(ContactRules.mailboxKey("alice@example.com") == "alice@example.com")
        #expect(ContactRules.mailboxKey("bob@example.com") != ContactRules.mailboxKey("alice@example.com"))
    }

    @Test func reportsFromOneClientAreLimited() async throws {
        try await TestApp.run(on: .sqlite, configure: { $0.reportLimit = 3 }) { client, _ throws in
            for _ in 0..<3 { _ = try await client.createAnnouncement(["microchipNumber": nil]) }
            let refused = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["microchipNumber": nil]))
            #expect(refused.status == .tooManyRequests && refused.error["message"] as? String == "Too many reports, try again later")
            #expect(refused.headers[.retryAfter] != nil)
        }
    }

    /// Anyone reads a report's public area (the same grid point the pages show), its place's distance
    /// measured from there too; its owner, with the code, and the create answer keep the exact point.
    @Test func publicReadsCarryThePublicAreaNotThePoint() async throws {
        try await TestApp.run { client, _ throws in
            let created = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody(["locationLatitude": 52.231234, "locationLongitude": 21.012345]))
            #expect(created.json["locationLatitude"] as? Double == 52.231234)
            let id = try #require((created.json["id"] as? String)), password = try #require(created.json["managementPassword"] as? String)
            let one = try await client.send(.get, APIPath.announcement(AnnouncementID(id)))
            #expect(one.json["locationLatitude"] as? Double == 52.23 && one.json["locationLongitude"] as? Double == 21.01)
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
            let list = try await client.send(.get, "\(APIPath.announcements)?lat=52.2312&lng=21.0123&range=1")
            #expect(list.text.contains(id) && list.text.contains("\"locationLatitude\":52.23,") && !list.text.contains("52.231234"), "\(list.text)")
            let owner = try await client.send(.get, APIPath.announcement(AnnouncementID(id)), headers: [.authorization: Basic.header(id, password)])
            #expect(owner.json["locationLatitude"] as? Double == 52.231234)
            // The place's distance, to a tenth of a km, would narrow the area down: from the grid point in public.
            for (answer, query) in [(one, "lat=52.23&lng=21.01"), (owner, "lat=52.231234&lng=21.012345")] {
                let named = try await client.send(.get, "\(APIPath.reversePlace)?\(query)").json
                let place = try #require(answer.json["place"] as? [String: Any])
                #expect(place["name"] as? String == named["name"] as? String && place["distanceKm"] as? Double == named["distanceKm"] as? Double)
            }
            #expect((one.json["place"] as? [String: Any])?["distanceKm"] as? Double != (owner.json["place"] as? [String: Any])?["distanceKm"] as? Double)
            // The name, too, is the public area's: three reports in one cell are named alike wherever their points are.
            var names: Set<String> = []
            for (lat, lng) in [(52.208, 21.008), (52.208, 21.012), (52.21, 21.012)] {
                let report = try await client.createAnnouncement(["locationLatitude": lat, "locationLongitude": lng])
                let read = try await client.send(.get, APIPath.announcement(AnnouncementID(report.id)))
                names.insert(((read.json["place"] as? [String: Any])?["name"] as? String) ?? "")
            }
            #expect(names.count == 1 && names.first?.isEmpty == false, "\(names)")
            let wrong = try await client.send(.get, APIPath.announcement(AnnouncementID(id)), headers: [.authorization: Basic.header(id, "000000")])
            #expect(wrong.status == .forbidden)
        }
    }

    /// The flyer prints the phone only while the client's contact quota lasts; the owner's match
    /// candidates are strangers' reports: public areas, contacts counted, at most 20.
    @Test func theFlyerAndTheMatchesSpendTheContactQuota() async throws {
        try await TestApp.run(on: .sqlite, configure: { $0.contactLimit = 2 }) { client, _ throws in
            let missing = try await client.createAnnouncement(["microchipNumber": "123456789012345", "email": "owner@example.pl"])
            let found = try await client.createAnnouncement([
                "microchipNumber": "123456789012345", "status": "FOUND", "email": nil,
                "phone": "600700800",
            ])
            for report in [missing, found] {
                #expect(try await client.uploadPhoto(report.id, password: report.password, bytes: Fixture.jpeg).status == .created)
            }
            let matches = try await client.send(
                .get, APIPath.announcement(AnnouncementID(missing.id)) + "/matches",
                headers: [.authorization: Basic.header(missing.id, missing.password)])
            let candidate = try #require((matches.json["data"] as? [[String: Any]])?.first?["announcement"] as? [String: Any])
            #expect(candidate["id"] as? String == found.id && candidate["phone"] as? String == "600700800", "one contact spent")
            #expect(candidate["locationLongitude"] as? Double == -73.97 && !matches.text.contains("-73.968285"))
            let flyer = try await client.send(.get, "/lost-pets/\(found.id)/flyer")
            #expect(flyer.status == .ok && flyer.text.contains("600700800"), "the second contact")
            let again = try await client.send(.get, "/lost-pets/\(found.id)/flyer")
            #expect(again.status == .ok && !again.text.contains("600700800"), "past the quota the flyer prints no phone")
        }
    }

    /// A stranger's address named by several sightings hears once when the pet is home; the alert form's
    /// per-address limit counts a mailbox, whatever its spelling.
    @Test func oneMailboxIsToldOnceAndLimitedOnce() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let report = try await client.createAnnouncement(["microchipNumber": nil, "email": "owner@example.pl"])
            for (index, email) in ["walker@example.com", "Walker@Example.com", "walk.er+1@example.com"].enumerated() {
                let body = #"{"latitude": 40.78, "longitude": -73.96, "email": "\#(email)", "note": "Seen \#(index)"}"#
                #expect(try await client.send(.post, SightingTests.path(report.id), json: body).status == .created)
            }
            _ = try await client.send(
                .patch, APIPath.announcement(AnnouncementID(report.id)), json: #"{"status": "CLOSED"}"#,
                headers: [.authorization: Basic.header(report.id, report.password)])
            let told = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.subject.contains("is home") } }
            #expect(told.filter { $0.subject.contains("is home") }.count == 1)
            var statuses: [Int] = []
            for email in ["Sub@example.com", "s.ub@example.com", "sub+x@example.com", "SUB+y@Example.com"] {
                let body = #"{"email": "\#(email)", "latitude": 52.23, "longitude": 21.01, "radiusKm": 5}"#
                statuses.append(Int(try await client.send(.post, APIPath.alerts, json: body).status.code))
            }
            #expect(statuses == [202, 202, 202, 429], "three requests per mailbox, however it is spelt")
        }
    }

    /// What the fuzzer found against the stricter document: a combining mark after a date crashed the
    /// date parser; a too-long e-mail or phone was cut into another one; an escape that is not UTF-8 hid
    /// a control character after it; a NUL inside markup slipped through.
    @Test func inputTheFuzzerFoundIsRefusedNotTrustedOrFatal() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let report = try await client.createAnnouncement(["microchipNumber": nil, "contactVisibility": "RELAYED", "email": "o@example.pl"])
            let sighting = try await client.send(
                .post, SightingTests.path(report.id),
                json: #"{"latitude": 52.2, "longitude": 21.0, "seenAt": "2025-01-01\u0301"}"#)
            #expect(sighting.status == .badRequest && sighting.error["field"] as? String == "seenAt")
            let longEmail = "a@example.c" + String(repeating: "o", count: 300)
            let message = try await client.send(
                .post, APIPath.messages(AnnouncementID(report.id)),
                json: #"{"name": "Anna", "email": "\#(longEmail)", "message": "Seen your dog today"}"#)
            #expect(message.status == .badRequest && message.error["field"] as? String == "email")
            let phone = "600700800" + String(repeating: " ", count: 25) + "abc"
            let padded = try await client.send(
                .post, APIPath.messages(AnnouncementID(report.id)),
                json: #"{"name": "Anna", "email": "a@example.com", "phone": "\#(phone)", "message": "Seen your dog today"}"#)
            #expect(padded.status == .badRequest && padded.error["field"] as? String == "phone")
            #expect(try await client.send(.get, "/api/v1/announcements/%FF%0A").status == .badRequest)
            let nul = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["description": "<!--\u{0}-->fine"]))
            #expect(nul.status == .badRequest && nul.error["field"] as? String == "description")
        }
    }

    @Test func aSenderCannotSignAsPetSpot() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let report = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.pl"])
            let response = try await client.send(
                .post, APIPath.messages(AnnouncementID(report.id)),
                json: #"{"name": "PetSpot Support Team", "email": "x@example.com", "message": "Please confirm your account"}"#)
            #expect(response.status == .badRequest && response.error["field"] as? String == "name")
        }
    }

    /// Strangers who spend a report's message budget do not silence it: later messages wait, none is refused.
    @Test func aReportsMessageBudgetDefersInsteadOfRefusing() async throws {
        let store = InMemoryStore()
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example")
        let service = AnnouncementService(
            store: store,
            photos: try PhotoStorage(
                dataDirectory: FileManager.default.temporaryDirectory
                    .appendingPathComponent("relay-\(UUID().uuidString)")), lockout: LockoutPolicy(store: store), notifier: notifier)
        var report = Announcement.mock()
        report.email = "owner@example.pl"
        try await store.create(report, passwordHash: "h")
        let budget = LockoutPolicy.relayReport.limit
        for sender in 0..<(budget + 5) {
            let form = RelayMessageForm(name: "Finder \(sender)", email: "f\(sender)@example.com", message: "I think I saw your dog by the river")
            try await service.relay(form, to: report, client: "198.51.\(sender).1") // each on its own /24
        }
        #expect(try await store.outbox().count == budget + 5, "every message is kept")
        // Each sender's first message goes at once, whatever the report's budget: nobody waits for others.
        #expect(try await store.claimOutbox(now: Date(), lease: 60, limit: 100).count == budget + 5)
        // One sender's further messages spend the report's budget instead (flooding is tested in RelayFairnessTests).
        for round in 0..<3 {
            let form = RelayMessageForm(name: "Finder 0", email: "f0@example.com", message: "Seen again by the river, round \(round)")
            try await service.relay(form, to: report, client: "198.51.0.1")
        }
        #expect(try await store.claimOutbox(now: Date(), lease: 60, limit: 100).count == 3, "within the report's budget of \(budget)")
    }

    /// Ten wrong codes from strangers lock the code; the owner still gets in, once, through a link
    /// e-mailed to the report's address. A replayed or altered link is refused.
    @Test func anOwnerLockedOutByStrangersGetsInThroughTheEmailedLink() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil])
            let path = APIPath.announcement(AnnouncementID(report.id))
            for code in Self.wrongCodes { _ = try await client.send(.patch, path, json: "{}", headers: [.authorization: Basic.header(report.id, code)]) }
            let locked = try await client.send(.patch, path, json: "{}", headers: [.authorization: Basic.header(report.id, report.password)])
            #expect(locked.status == .tooManyRequests)
            var browser = RelayBrowser(client: client)
            let manage = try await browser.get("/manage/\(report.id)")
            #expect(manage.contains("/manage/\(report.id)/send-link"))
            #expect(try await browser.post("/manage/\(report.id)/send-link", [:]) == .ok)
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.subject.contains("link to manage") } }
            let mail = try #require(mails.first { $0.subject == "Your link to manage your PetSpot report" })
            #expect(mail.to == "owner@example.pl")
            let link = String(try #require(mail.text.firstMatch(of: /https?:\/\/[^\s]+\/manage\/[^\s]+\/link\?[^\s]+/)?.0))
            let pathAndQuery = String(link[try #require(link.range(of: "/manage/")).lowerBound...])
            // It works for a day: longer than the day's cap on links, so links strangers ask for still let the owner in.
            let expiry = try #require(link.firstMatch(of: /[?&]e=(\d+)/).flatMap { Double($0.1) })
            #expect(expiry - Date().timeIntervalSince1970 > 23 * 3600)
            let ask = try await browser.get(pathAndQuery)
            #expect(ask.contains("Open my report"))
            let altered = pathAndQuery.replacingOccurrences(of: "token=", with: "token=0")
            #expect(try await browser.get(altered).contains("does not work any more"))
            let opened = try await client.executeRequest(
                uri: pathAndQuery, method: .post,
                headers: [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(browser.token)"))
            #expect(opened.status == .ok && String(buffer: opened.body).contains("name=\"grant\""))
            let replay = try await client.executeRequest(
                uri: pathAndQuery, method: .post,
                headers: [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(browser.token)"))
            #expect(replay.status == .notFound)
            // A spent link's question page is gone too: 404, as docs/SECURITY.md says.
            let spent = try await client.executeRequest(uri: pathAndQuery, method: .get, headers: [.cookie: browser.cookie], body: nil)
            #expect(spent.status == .notFound && String(buffer: spent.body).contains("does not work any more"))
        }
    }

    /// Owner links e-mailed to one mailbox stop at six a day, however many reports it filed: three
    /// reports' three links each (nine asks, within the client's ten) bring six e-mails.
    @Test func ownerLinksToOneMailboxStopAtSixADay() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            var browser = RelayBrowser(client: client)
            for _ in 0..<3 {
                let report = try await client.createAnnouncement(["email": "Owner+x@Example.pl", "microchipNumber": nil])
                _ = try await browser.get("/manage/\(report.id)")
                for _ in 0..<3 { #expect(try await browser.post("/manage/\(report.id)/send-link", [:]) == .ok) }
            }
            let links = { (mails: [MailboxMessage]) in mails.filter { $0.subject == "Your link to manage your PetSpot report" } }
            #expect(links(try await MailboxMessage.arrived(in: directory) { links($0).count >= 6 }).count == 6)
            try await Task.sleep(for: .seconds(3))
            #expect(links(try MailboxMessage.all(in: directory)).count == 6)
        }
    }

    /// The deadline's shared ticker expires work once its deadline has passed, never work that finished in
    /// time, and tells which was which.
    @Test func aDeadlineExpiresOnlyWorkThatOutlivesIt() async throws {
        let watch = DeadlineWatch(tick: .milliseconds(5))
        let expired = Mutex<Set<Int>>([])
        var tickets: [Int: DeadlineWatch.Ticket] = [:]
        for index in 0..<50 {
            tickets[index] = watch.start(index % 2 == 0 ? .milliseconds(10) : .seconds(3600)) { expired.withLock { _ = $0.insert(index) } }
        }
        // The long ones finish in time; the short ones are expired once their 10 ms have passed.
        for index in stride(from: 1, to: 50, by: 2) { #expect(watch.finish(tickets[index]!)) }
        // Three minutes at most: the whole debug suite running beside this on two cores (hundreds of tests
        // at once on the two threads tasks share) has held the ticker's task back for over a minute.
        func wait(until done: () -> Bool) async throws {
            let started = ContinuousClock.now
            while !done(), ContinuousClock.now - started < .seconds(180) { try await Task.sleep(for: .milliseconds(5)) }
        }
        try await wait { expired.withLock { $0.count } == 25 }
        #expect(expired.withLock { $0 } == Set(stride(from: 0, to: 50, by: 2)))
        for index in stride(from: 0, to: 50, by: 2) { #expect(!watch.finish(tickets[index]!)) }
        // Watching again after the ticker stopped starts it again.
        let late = watch.start(.milliseconds(1)) { expired.withLock { _ = $0.insert(99) } }
        try await wait { expired.withLock { $0.contains(99) } }
        #expect(!watch.finish(late))
    }

    @Test func aRequestThatOutlivesItsDeadlineIs503() async throws {
        try await TestApp.run(on: .sqlite, configure: { $0.requestDeadline = .milliseconds(1) }) { client, _ throws in
            // A create hashes its code with scrypt: far longer than a millisecond.
            let response = try await client.send(.post, APIPath.announcements, json: Fixture.createBody())
            #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] == "5")
            #expect(response.error["code"] as? String == "SERVICE_UNAVAILABLE")
        }
    }
}

/// The leased contact quota and its rolling hour: a client's budget is spent in memory
/// from blocks leased in one database write each, and no rolling hour hands out more than the limit.
@Suite struct LeasedContactQuotaTests {
    /// Counts the database's grants.
    actor CountingStore: ContactQuotaStore {
        let store = InMemoryStore()
        var calls = 0
        func takeContactQuota(client: String, slot: Int, amount: Int, limit: Int, window: Int) async throws -> Int {
            calls += 1
            return await store.takeContactQuota(client: client, slot: slot, amount: amount, limit: limit, window: window)
        }
    }

    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    @Test func readsSpendLeasedBlocksNotADatabaseWriteEach() async throws {
        let store = CountingStore(), clock = Clock()
        let quota = ContactQuota(store: store, limit: 1000, now: { clock.now })
        var handed = 0
        for _ in 0..<150 where await quota.allows(count: 10, client: "192.0.2.1") { handed += 10 }
        #expect(handed == 1000)
        // Leases of 10, 10, 20, 40, 80, then of 100 (a tenth), and one write to learn the budget is spent.
        let writes = await store.calls
        #expect(writes <= 15, "\(writes) writes")
        let before = await store.calls
        for _ in 0..<100 { #expect(await !quota.allows(count: 1, client: "192.0.2.1")) }
        #expect(await store.calls == before, "a spent budget is remembered: no write per read")
    }

    /// Each restart (a new `ContactQuota` on the same database) keeps what it leased and never spent
    /// counted: a client that reads a few reports leases a hundredth of its budget, not a tenth, so ten
    /// restarts in an hour do not use it up.
    @Test func aRestartsUnspentLeaseIsSmall() async throws {
        let store = CountingStore(), clock = Clock()
        for _ in 0..<20 {
            let restarted = ContactQuota(store: store, limit: 1000, now: { clock.now })
            #expect(await restarted.allows(count: 2, client: "192.0.2.7"))
        }
        let last = ContactQuota(store: store, limit: 1000, now: { clock.now })
        #expect(await last.allows(count: 700, client: "192.0.2.7"), "20 restarts leased 200 of the 1000")
    }

    /// A client with nothing left until the next slot is known to be so without a question to the store
    /// (its list is then searched once, without contacts); one with some left, or a new slot, is not.
    @Test func aUsedUpBudgetIsKnownWithoutAskingTheStore() async throws {
        let store = CountingStore(), clock = Clock()
        let quota = ContactQuota(store: store, limit: 100, now: { clock.now })
        #expect(!quota.isExhausted(client: "192.0.2.1"), "a client never seen")
        #expect(await quota.allows(count: 95, client: "192.0.2.1"))
        #expect(await !quota.allows(count: 10, client: "192.0.2.1"), "5 left: a page with 10 contacts is refused")
        #expect(!quota.isExhausted(client: "192.0.2.1"), "5 are left for a page that shows fewer")
        #expect(quota.allowsFromLease(count: 5, client: "192.0.2.1") == true)
        let calls = await store.calls
        #expect(quota.isExhausted(client: "192.0.2.1") && quota.allowsFromLease(count: 1, client: "192.0.2.1") == false)
        #expect(await store.calls == calls)
        clock.now = clock.now.addingTimeInterval(ContactQuota.slotSeconds)
        #expect(!quota.isExhausted(client: "192.0.2.1"), "a new slot asks the store again")
    }

    @Test func noRollingHourHandsOutMoreThanTheLimit() async throws {
        let store = CountingStore(), clock = Clock()
        let quota = ContactQuota(store: store, limit: 100, now: { clock.now })
        // The whole budget at 10:59; the fixed clock hour used to give it all again at 11:00.
        clock.now = Date(timeIntervalSince1970: 1_800_003_540)
        #expect(await quota.allows(count: 100, client: "192.0.2.9"))
        for minutes in [1.0, 30, 59] {
            clock.now = Date(timeIntervalSince1970: 1_800_003_540 + minutes * 60)
            #expect(await !quota.allows(count: 1, client: "192.0.2.9"), "\(minutes) minutes later")
        }
        clock.now = Date(timeIntervalSince1970: 1_800_003_540 + 71 * 60)
        #expect(await quota.allows(count: 100, client: "192.0.2.9"), "past the window the budget is back")
        #expect(await quota.allows(count: 5, client: "192.0.2.10"), "another client has its own")
    }
}
