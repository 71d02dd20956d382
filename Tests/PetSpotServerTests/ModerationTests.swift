import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotWeb
import PetSpotTestSupport
import Testing

/// Moderation through a live server on every backend: flags from distinct clients hold a report out of
/// every public answer and tell its reporter; an operator signs in with a password and a one-time code,
/// reviews the queue and restores it; blocks refuse an address; the owner's "this message is a scam"
/// stops its sender; every step is in the trail.
@Suite struct ModerationTests {
    static let operatorPassword = "correct horse battery"
    static let secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"

    /// A server on every backend (driven in process: under the whole suite's load a live client's 20-second
    /// read timeout is too short for scrypt) with operator `ola`; `threshold` distinct clients hold an item.
    static func run(enrolled: Bool = true, threshold: Int = 1, _ test: @Sendable (any TestClientProtocol, URL) async throws -> Void) async throws {
        let hash = try await PasswordHasher.testing.hash(operatorPassword)
        try await TestApp.run(
            everyDatabase: true,
            fixtures: { store in
                try await store.addOperator(OperatorAccount(name: "ola", passwordHash: hash, totpSecret: secret, enrolled: enrolled, createdAt: Date()))
            },
            configure: {
                $0.flagThreshold = threshold
                $0.flagHoldAfterMinutes = 0 // the minimum age is tested apart (`FlagHoldTests`)
            }, test)
    }

    static func code(offset: Int64 = 0) -> String { TOTP.code(secret: secret, step: TOTP.step(at: Date()) + offset)! }

    @Test func aFlagHoldsAReportUntilAnOperatorRestoresIt() async throws {
        try await Self.run { client, directory throws in
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil, "petName": "Szarik"])
            #expect(try await client.uploadPhoto(report.id, password: report.password, bytes: Fixture.jpeg).status == .created)
            let photo = try #require(try await client.send(.get, APIPath.announcement(AnnouncementID(report.id))).json["photoUrl"] as? String)
            let photoPath = try #require(URL(string: photo)?.path)
            #expect(try await client.send(.get, photoPath).status == .ok)
            #expect(try await client.send(.get, "/manage/\(report.id)").text.contains("Szarik"), "a visible report's code page names it")
            let flags = "\(APIPath.announcements)/\(report.id)/flags"
            func flag(_ body: String = #"{"reason":"SCAM","detail":"asks for a deposit"}"#) async throws -> TestResponse {
                try await client.send(.post, flags, json: body)
            }
            let bad = try await flag(#"{"reason":"OTHER"}"#)
            #expect(bad.status == .badRequest && bad.error["field"] as? String == "detail")
            let unknown = try await flag(#"{"reason":"DUPLICATE","duplicateOf":"https://petspot.example/p/0000ffff"}"#)
            #expect(unknown.status == .notFound && unknown.error["field"] as? String == "duplicateOf")
            #expect(try await client.send(.get, APIPath.announcements).listIDs.contains(report.id), "refused flags count for nothing")
            let first = try await flag()
            #expect(first.status == .created && first.json["held"] as? Bool == true, "\(first.text)")
            #expect(!(try await client.send(.get, APIPath.announcements).listIDs.contains(report.id)))
            #expect(!(try await client.send(.get, "\(APIPath.announcements)?lat=51.1&lng=17.0&range=50").listIDs.contains(report.id)))
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(report.id))).status == .notFound)
            #expect(try await client.send(.get, "/lost-pets/\(report.id)").text.contains("This report is under review"))
            // Its code page names nothing under review (the name or photo may be why it is held).
            let codePage = try await client.send(.get, "/manage/\(report.id)").text
            #expect(codePage.contains("field-code") && !codePage.contains("Szarik"))
            #expect(try await flag().status == .notFound, "a held report takes no more flags")
            #expect(try await client.send(.get, photoPath).status == .notFound, "nor is its photo served")
            #expect(
                try await client.send(.get, "/manage/\(report.id)").text.contains("it is hidden from the public while PetSpot"),
                "its owner's page says why")
            let held = try await MailboxMessage.first(in: directory) { $0.subject == "Your PetSpot report is being reviewed" }
            #expect(held?.to == "owner@example.pl")
            let metrics = try await client.send(.get, APIPath.metrics).text
            #expect(metrics.contains("petspot_moderation_held 1") && metrics.contains("petspot_holds_total{kind=\"report\"} 1"))

            var browser = ConsoleBrowser(client: client)
            #expect(try await browser.get("/admin").status == .seeOther, "the console needs an operator")
            try await browser.signIn()
            let queue = try await browser.get("/admin")
            #expect(queue.status == .ok && queue.text.contains(String(report.id.prefix(8))) && queue.text.contains("Held for review"))
            let item = try await browser.get("/admin/items/report/\(report.id)")
            #expect(item.text.contains("A scam or a request for money") && item.text.contains("asks for a deposit"))
            // The operator judges by the photo, which the public cannot load while the report is held.
            let consolePhoto = String(try #require(item.text.firstMatch(of: /class="console-photo" src="(\/admin\/photos\/[^"]+)"/)).1)
            let served = try await browser.get(consolePhoto)
            #expect(served.status == .ok && served.headers[.contentType] == "image/jpeg" && served.body.readableBytes == Fixture.jpeg.count)
            #expect(served.headers[.cacheControl] == "private, no-store")
            #expect(try await client.send(.get, consolePhoto).status == .seeOther, "signed out: the sign-in page, not the photo")
            #expect(try await browser.post("/admin/items/report/\(report.id)", ["action": "restore", "reason": "checked with the owner"]).status == .seeOther)
            #expect(try await client.send(.get, APIPath.announcements).listIDs.contains(report.id))
            #expect(try await client.send(.get, photoPath).status == .ok)
            #expect(try await browser.get("/admin").text.contains("Nothing is waiting for review"))
            let csv = try await browser.get("/admin/audit.csv")
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(
                csv.text.contains(",system,hold,report,\(report.id),1 flags") && csv.text.contains(",ola,restore,report,\(report.id),checked with the owner"))
            // The admin token's DELETE is in the trail too.
            let deleted = try await client.send(
                .delete, "\(APIPath.adminAnnouncements)/\(report.id)", headers: [.authorization: "Bearer \(TestApp.adminToken)"])
            #expect(deleted.status == .noContent)
            #expect(try await browser.get("/admin/audit").text.contains("admin-token"))
        }
    }

    @Test func blocksRefuseAnAddressWithANeutralMessage() async throws {
        try await Self.run { client, _ throws in
            var browser = ConsoleBrowser(client: client)
            try await browser.signIn()
            #expect(
                try await browser.post("/admin/blocks", ["kind": "email", "value": "Scammer@Example.com", "days": "30", "reason": "fake finder"]).status
                    == .seeOther)
            #expect(
                try await browser.post("/admin/blocks", ["kind": "network", "value": "203.0.113.0/24", "days": "", "reason": "spam run"]).status == .seeOther)
            #expect(try await browser.post("/admin/blocks", ["kind": "network", "value": "not a network"]).status == .badRequest)
            // Any address a report may carry can be blocked, the apps' narrower rule aside (the API takes `o'…@`).
            #expect(try await browser.post("/admin/blocks", ["kind": "email", "value": "o'scam@example.com", "days": "7"]).status == .seeOther)
            #expect(try await browser.post("/admin/blocks", ["kind": "email", "value": "no address"]).status == .badRequest)
            let quoted = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["email": "o'scam@example.com"]))
            #expect(quoted.status == .forbidden)
            let blocks = try await browser.get("/admin/blocks")
            #expect(blocks.text.contains("scammer@example.com") && blocks.text.contains("203.0.113.0/24") && blocks.text.contains("until lifted"))

            let refused = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["email": "scammer@example.com"]))
            #expect(refused.status == .forbidden && refused.error["message"] as? String == "This request cannot be accepted")
            let spelt = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["email": " SCAMMER@example.com."]))
            #expect(spelt.status == .forbidden, "one address however it is spelt")
            // A tag reaches the same inbox; a dot makes another person at most providers: never blocked.
            let tagged = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["email": "scammer+pets@example.com"]))
            #expect(tagged.status == .forbidden)
            let neighbour = try await client.send(
                .post, APIPath.announcements, json: Fixture.createBody(["email": "scam.mer@example.com", "microchipNumber": nil]))
            #expect(neighbour.status == .created)
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil])
            let message = #"{"name":"Jan","email":"scammer@example.com","message":"I have your dog, send money"}"#
            #expect(try await client.send(.post, "\(APIPath.announcements)/\(report.id)/messages", json: message).status == .forbidden)
            // Lifted: the address may file again.
            let id = try #require(blocks.text.firstMatch(of: /\/admin\/blocks\/([0-9a-f-]+)\/lift/).map { String($0.1) })
            #expect(try await browser.post("/admin/blocks/\(id)/lift", [:]).status == .seeOther)
            #expect(try await browser.get("/admin/audit").text.contains("unblock"))
        }
    }

    /// A network block, through a trusted proxy on a live server (the blocked requests are refused before
    /// any scrypt, so they are quick under any load).
    @Test func aBlockedNetworkIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-block-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestStorage.sqlite.withStore(in: directory) { store in
            try await store.addBlock(
                Block(kind: .network, value: "203.0.113.0/24", until: nil, reason: "spam run", createdBy: "ola", createdAt: Date()),
                audit: AuditEntry(at: Date(), actor: "ola", action: "block"))
        }
        var configuration = ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32))
        configuration.trustedProxies = try TrustedProxies("127.0.0.0/8, ::1")
        // The whole suite shares two cores and one scrypt pool: no request is cut for waiting its turn (the
        // deadline is tested apart, in HardeningTests).
        configuration.requestDeadline = .seconds(600)
        configuration.passwordHasher = .testing
        let app = try await buildApplication(configuration, logger: quietLogger)
        try await app.test(.live) { client in
            let body = Fixture.createBody(["email": "someone@example.com"])
            let blocked = try await client.send(.post, APIPath.announcements, json: body, headers: [ConsoleBrowser.forwarded: "203.0.113.77"])
            #expect(blocked.status == .forbidden && blocked.error["message"] as? String == "This request cannot be accepted")
            let alert = #"{"email":"a@example.com","latitude":52.2,"longitude":21.0,"radiusKm":5}"#
            #expect(try await client.send(.post, "/api/v1/alerts", json: alert, headers: [ConsoleBrowser.forwarded: "203.0.113.8"]).status == .forbidden)
            #expect(try await client.send(.post, "/api/v1/alerts", json: alert, headers: [ConsoleBrowser.forwarded: "198.51.100.8"]).status == .accepted)
        }
    }

    /// An operator's block on one IPv6 address, a prefix inside a /64 or an IPv4-mapped address covers the
    /// client it names: clients are counted as IPv4 addresses and IPv6 /64s (such blocks were accepted
    /// and blocked nothing, found by a moderation audit).
    @Test func aBlockOnOneAddressCoversThatClientInEverySpelling() {
        let cases: [(block: String, client: String)] = [
            ("2001:db8:5:5::5", "2001:db8:5:5::5"), ("2001:db8:5:5::5/128", "2001:db8:5:5:ffff::1"), ("2001:db8:5:5::/96", "2001:db8:5:5::9"),
            ("::ffff:203.0.113.99", "203.0.113.99"), ("::ffff:203.0.113.0/120", "203.0.113.7"),
        ]
        for (block, client) in cases {
            #expect(BlockList.network(block, contains: ClientKey.of(client)), "\(block) covers \(client)")
        }
        #expect(!BlockList.network("2001:db8:5:5::5", contains: ClientKey.of("2001:db8:5:6::5")), "the next /64 is another client")
        #expect(!BlockList.network("::ffff:203.0.113.99", contains: ClientKey.of("203.0.113.98")))
        #expect(BlockList.blockable("2001:db8:5:5::5") == "2001:db8:5:5::/64" && BlockList.blockable("::ffff:10.0.0.0/104") == "10.0.0.0/8")
        #expect(BlockList.blockable("203.0.113.0/24") == "203.0.113.0/24" && BlockList.blockable("2001:db8::/48") == "2001:db8::/48")
    }

    @Test func theOwnersScamLinkStopsTheSenderUntilAnOperatorDecides() async throws {
        try await Self.run { client, directory throws in
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil])
            let messages = "\(APIPath.announcements)/\(report.id)/messages"
            let body = #"{"name":"Finder","email":"fake@example.com","message":"Pay 300 zł and I bring your dog"}"#
            #expect(try await client.send(.post, messages, json: body).status == .accepted)
            let relayed = try #require(try await MailboxMessage.first(in: directory) { $0.replyTo == "fake@example.com" })
            let link = try #require(relayed.text.firstMatch(of: /http[^\s]*\/messages\/[^\s]+/).map { String($0.0) })
            let path = String(link[link.range(of: "/messages/")!.lowerBound...])
            var owner = ConsoleBrowser(client: client)
            let confirm = try await owner.get(path)
            #expect(confirm.status == .ok && confirm.text.contains("Pay 300 zł"))
            #expect(try await owner.get(path.replacingOccurrences(of: "token=", with: "token=0")).status == .notFound, "a forged link opens nothing")
            #expect(try await owner.post(path, [:]).status == .ok)
            #expect(try await client.send(.post, messages, json: body).status == .forbidden, "the sender is stopped")
            let newAddress = #"{"name":"Finder","email":"fake2@example.com","message":"Pay 300 zł and I bring your dog"}"#
            #expect(try await client.send(.post, messages, json: newAddress).status == .forbidden, "under another address too")
            let other = try await client.createAnnouncement(["email": "other@example.pl", "microchipNumber": nil])
            #expect(try await client.send(.post, "\(APIPath.announcements)/\(other.id)/messages", json: body).status == .forbidden, "for every report")

            var browser = ConsoleBrowser(client: client)
            try await browser.signIn()
            let queue = try await browser.get("/admin")
            let item = try #require(queue.text.firstMatch(of: /\/admin\/items\/message\/([0-9a-f-]+)/).map { String($0.1) })
            #expect(try await browser.get("/admin/items/message/\(item)").text.contains("fake@example.com"))
            #expect(try await browser.post("/admin/items/message/\(item)", ["action": "dismiss", "reason": "a real finder"]).status == .seeOther)
            #expect(try await client.send(.post, messages, json: body).status == .accepted, "dismissed: the sender may write again")
        }
    }

    /// "Block this sender" blocks where the message came from, never the address it named, which nobody
    /// checked: naming a stranger's address in a scam must not get the stranger blocked.
    @Test func blockingASenderBlocksItsClientNotTheAddressItNamed() async throws {
        try await Self.run { client, directory throws in
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "microchipNumber": nil])
            let messages = "\(APIPath.announcements)/\(report.id)/messages"
            let body = #"{"name":"Jan","email":"victim@example.com","message":"Send 200 PLN via BLIK first"}"#
            #expect(try await client.send(.post, messages, json: body).status == .accepted)
            let relayed = try #require(try await MailboxMessage.first(in: directory) { $0.replyTo == "victim@example.com" })
            let link = try #require(relayed.text.firstMatch(of: /http[^\s]*\/messages\/[^\s]+/).map { String($0.0) })
            var owner = ConsoleBrowser(client: client)
            _ = try await owner.get(String(link[link.range(of: "/messages/")!.lowerBound...]))
            #expect(try await owner.post(String(link[link.range(of: "/messages/")!.lowerBound...]), [:]).status == .ok)
            var browser = ConsoleBrowser(client: client)
            try await browser.signIn()
            let item = try #require(try await browser.get("/admin").text.firstMatch(of: /\/admin\/items\/message\/([0-9a-f-]+)/).map { String($0.1) })
            let blocked = try await browser.post("/admin/items/message/\(item)", ["action": "block-sender", "days": "30", "reason": "scam"])
            #expect(blocked.status == .seeOther)
            let blocks = try await browser.get("/admin/blocks").text
            #expect(!blocks.contains("victim@example.com") && !blocks.contains("victimexample"), "the named address is not blocked")
            // The sender's client is: now for everything, not only messages.
            let refused = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["email": "new@example.com"]))
            #expect(refused.status == .forbidden)
        }
    }

    /// Signing out ends the session on the server: a copy of the cookie taken before opens nothing.
    @Test func aSignedOutCookieIsRefusedAtOnce() async throws {
        try await Self.run { client, _ throws in
            var browser = ConsoleBrowser(client: client)
            try await browser.signIn()
            #expect(try await browser.get("/admin").status == .ok)
            var copy = browser
            let out = try await browser.post("/admin/sign-out", [:])
            #expect(out.status == .seeOther && out.location == "/admin/sign-in")
            let replayed = try await copy.get("/admin")
            #expect(replayed.status == .seeOther && replayed.location == "/admin/sign-in", "the captured cookie still opens the console")
            // Signing in again works, and only the new session does.
            var again = ConsoleBrowser(client: client)
            try await again.signIn(step: 1)
            #expect(try await again.get("/admin").status == .ok)
            #expect(try await copy.get("/admin").status == .seeOther)
        }
    }

    /// Ten wrong passwords for `ola` from one network lock that network out, not the operator: the right
    /// password and a fresh code from another network still sign in.
    @Test func strangersWhoKnowTheNameCannotLockTheOperatorOut() async throws {
        let store = InMemoryStore()
        try await store.addOperator(
            OperatorAccount(
                name: "ola", passwordHash: try await PasswordHasher.testing.hash(Self.operatorPassword),
                totpSecret: Self.secret, enrolled: true, createdAt: Date()))
        let auth = OperatorAuth(
            store: store, lockout: LockoutPolicy(store: store), hasher: .testing, secret: String(repeating: "k", count: 32),
            secureCookies: false)
        for attempt in 0..<12 {
            await #expect(throws: (any Error).self) {
                try await auth.signIn(name: "ola", password: "guess \(attempt)", code: "000000", client: "2001:db8:bad:1::/64")
            }
        }
        await #expect(throws: AccessError.self) {
            try await auth.signIn(name: "ola", password: Self.operatorPassword, code: Self.code(), client: "2001:db8:bad:1::/64")
        }
        let session = try await auth.signIn(name: "ola", password: Self.operatorPassword, code: Self.code(), client: "198.51.100.4")
        #expect(session.name == "ola" && session.stage == .full)
    }

    /// With `--operator-alert-email`, five wrong sign-ins for a name from one network e-mail that
    /// address once (not again within the hour); wrong sign-ins for a name nobody has send nothing.
    @Test func aGuessedNameIsReportedByEmailOnceAnHour() async throws {
        let store = InMemoryStore()
        try await store.addOperator(
            OperatorAccount(
                name: "ola", passwordHash: try await PasswordHasher.testing.hash(Self.operatorPassword),
                totpSecret: Self.secret, enrolled: true, createdAt: Date()))
        var auth = OperatorAuth(
            store: store, lockout: LockoutPolicy(store: store), hasher: .testing, secret: String(repeating: "k", count: 32),
            secureCookies: false)
        auth.guessAlerts = ("security@example.org", ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "http://petspot.test"))
        func guess(_ name: String, times: Int) async {
            for attempt in 0..<times {
                _ = try? await auth.signIn(name: name, password: "guess \(attempt)", code: "000000", client: "203.0.113.9")
            }
        }
        await guess("nobody", times: 6)
        await guess("ola", times: 4)
        #expect(try await store.outbox().isEmpty, "four wrong sign-ins are an operator's typos, not an attack")
        await guess("ola", times: 4)
        let mails = try await store.outbox().compactMap { try? JSONDecoder().decode(MailContent.self, from: Data($0.entry.payload.utf8)) }
        #expect(mails.count == 1)
        #expect(mails.first?.to == "security@example.org")
        #expect(mails.first?.text.contains("\"ola\"") == true && mails.first?.text.contains("203.0.113.0/24") == true)
    }

    /// An enrolment session begun before a reset (or a sign-out) shows no key and enrols nothing: whoever
    /// signed in with the old password cannot take the new authenticator key. The account's sessions here
    /// end a minute after the sign-in, as a reset then would.
    @Test func anEnrolmentSessionFromBeforeAResetEnrolsNothing() async throws {
        let hash = try await PasswordHasher.testing.hash(Self.operatorPassword)
        try await TestApp.run(
            fixtures: { store in
                try await store.addOperator(OperatorAccount(name: "ola", passwordHash: hash, totpSecret: Self.secret, enrolled: false, createdAt: Date()))
                try await store.endOperatorSessions(named: "ola", at: Date().addingTimeInterval(60))
            }
        ) { client, _ throws in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.get("/admin/sign-in")
            let signedIn = try await browser.post("/admin/sign-in", ["name": "ola", "password": Self.operatorPassword, "code": ""])
            #expect(signedIn.location == "/admin/enrol")
            let page = try await browser.get("/admin/enrol")
            #expect(page.status == .seeOther && page.location == "/admin/sign-in" && !page.text.contains("JBSW"), "no key shown")
            #expect(try await browser.post("/admin/enrol", ["code": Self.code()]).location == "/admin/sign-in", "the right code enrols nothing")
            #expect(try await browser.get("/admin").status == .seeOther, "and no way in")
        }
    }

    @Test func signInNeedsTheRightPasswordAndAFreshCodeAndEnrolsOnce() async throws {
        try await Self.run(enrolled: false) { client, _ throws in
            var browser = ConsoleBrowser(client: client)
            _ = try await browser.get("/admin/sign-in")
            #expect(try await browser.post("/admin/sign-in", ["name": "ola", "password": "wrong password!", "code": ""]).status == .forbidden)
            let first = try await browser.post("/admin/sign-in", ["name": "ola", "password": ModerationTests.operatorPassword, "code": ""])
            #expect(first.status == .seeOther && first.location == "/admin/enrol")
            #expect(try await browser.get("/admin").status == .seeOther, "not in before the authenticator is set up")
            let enrol = try await browser.get("/admin/enrol")
            #expect(enrol.text.contains("<svg") && enrol.text.contains("JBSW Y3DP"))
            #expect(try await browser.post("/admin/enrol", ["code": "000000"]).status == .forbidden)
            let code = ModerationTests.code()
            #expect(try await browser.post("/admin/enrol", ["code": code]).location == "/admin")
            #expect(try await browser.get("/admin").status == .ok)

            var again = ConsoleBrowser(client: client)
            _ = try await again.get("/admin/sign-in")
            let replay = try await again.post("/admin/sign-in", ["name": "ola", "password": ModerationTests.operatorPassword, "code": code])
            #expect(replay.status == .forbidden, "a code works once")
            // A forged or unsigned session cookie opens nothing.
            var forged = ConsoleBrowser(client: client)
            forged.cookies["petspot_operator"] = "ola.full.9999999999.00"
            #expect(try await forged.get("/admin").status == .seeOther)
        }
    }

    /// `petspot operator add` and `reset`: names checked, a taken name refused, a reset gives a new
    /// password and authenticator (set up again at sign-in), both in the trail.
    @Test func operatorsAreAddedAndResetOnTheCommandLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-operators-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(dataDirectory: directory)
        let created = try await OperatorAccounts.add(name: "jan", password: nil, configuration: configuration)
        #expect(created.password.count == 20)
        await #expect(throws: OperatorAccounts.Failure.self) {
            try await OperatorAccounts.add(name: "jan", password: "another long passphrase", configuration: configuration)
        }
        await #expect(throws: OperatorAccounts.Failure.self) {
            try await OperatorAccounts.add(name: "Jan Kowalski", password: nil, configuration: configuration)
        }
        await #expect(throws: OperatorAccounts.Failure.self) { try await OperatorAccounts.add(name: "ewa", password: "short", configuration: configuration) }
        await #expect(throws: OperatorAccounts.Failure.self) { try await OperatorAccounts.reset(name: "nobody", password: nil, configuration: configuration) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("petspot.sqlite").path)
        try await store.enrolOperator(named: "jan")
        let before = try #require(try await store.operatorAccount(named: "jan"))
        try await store.close()
        // A full session signed in before the reset (say on a stolen laptop).
        let stolen = OperatorAuth.Session(name: "jan", stage: .full, expiry: Int.max, issued: Int64(Date().timeIntervalSince1970 * 1000) - 1)
        #expect(stolen.outlives(before))
        let reset = try await OperatorAccounts.reset(name: "jan", password: "a brand new passphrase", configuration: configuration)
        let reopened = try await SQLiteStore.open(path: directory.appendingPathComponent("petspot.sqlite").path)
        let after = try #require(try await reopened.operatorAccount(named: "jan"))
        #expect(!after.enrolled && after.totpSecret != before.totpSecret)
        #expect(!stolen.outlives(after), "a reset ends every session begun before it")
        #expect(await PasswordHasher().verify(reset.password, against: after.passwordHash))
        #expect(try await reopened.auditTrail(before: nil, limit: 10).map(\.action) == ["reset-operator", "add-operator"])
        try await reopened.close()
    }

    /// `petspot operator list` and `remove`, on every database: the list names operators and never a
    /// secret; a removed operator's session opens nothing; a name given again opens none of the sessions
    /// its earlier holder signed in.
    @Test func operatorsAreListedAndRemovedOnTheCommandLine() async throws {
        try await TestStorage.each { storage in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-operators-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let configuration = ServerConfiguration(dataDirectory: directory, databaseURL: storage.databaseURL)
            #expect(try await OperatorAccounts.list(configuration: configuration).isEmpty)
            _ = try await OperatorAccounts.add(name: "zofia", password: nil, configuration: configuration)
            _ = try await OperatorAccounts.add(name: "adam", password: nil, configuration: configuration)
            try await storage.withStore(in: directory) { try await $0.enrolOperator(named: "zofia") }
            let listed = try await OperatorAccounts.list(configuration: configuration)
            #expect(listed.map(\.name) == ["adam", "zofia"] && listed.map(\.authenticatorSetUp) == [false, true])

            let earlier = OperatorAuth.Session(name: "zofia", stage: .full, expiry: Int.max, issued: Int64(Date().timeIntervalSince1970 * 1000) - 1)
            try await OperatorAccounts.remove(name: "zofia", configuration: configuration)
            await #expect(throws: OperatorAccounts.Failure.self) { try await OperatorAccounts.remove(name: "zofia", configuration: configuration) }
            #expect(try await OperatorAccounts.list(configuration: configuration).map(\.name) == ["adam"])
            try await storage.withStore(in: directory) { store throws in
                #expect(try await store.operatorAccount(named: "zofia") == nil, "the console signs a removed operator out")
                #expect(try await store.auditTrail(before: nil, limit: 10).first?.action == "remove-operator")
            }
            try await Task.sleep(for: .milliseconds(5))
            _ = try await OperatorAccounts.add(name: "zofia", password: nil, configuration: configuration)
            try await storage.withStore(in: directory) { store throws in
                let again = try #require(try await store.operatorAccount(named: "zofia"))
                #expect(!earlier.outlives(again), "the earlier zofia's session does not open the new zofia's console")
            }
        }
    }

    @Test func totpMatchesRFC6238AndCSVFieldsAreDefused() {
        let secret = Base32.encode(Array("12345678901234567890".utf8))
        #expect(secret == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(TOTP.code(secret: secret, step: 59 / 30) == "287082")
        #expect(TOTP.code(secret: secret, step: 1_111_111_109 / 30) == "081804")
        #expect(TOTP.matchingStep("287082", secret: secret, at: Date(timeIntervalSince1970: 89)) == 1)
        #expect(TOTP.matchingStep("287082", secret: secret, at: Date(timeIntervalSince1970: 200)) == nil)
        #expect(Base32.decode(secret) == Array("12345678901234567890".utf8))
        #expect(ModerationService.csvField("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(ModerationService.csvField("plain") == "plain")
        // Read with `;` or tabs as the separator, a quoted field is still one cell, never a formula.
        #expect(ModerationService.csvField("pay;=2*3;@evil.co") == "\"pay;=2*3;@evil.co\"")
        #expect(ModerationService.csvField("spam\t=4*5") == "\"spam\t=4*5\"")
        #expect(BlockList.network("2001:db8:1::/48", contains: "2001:db8:1:2::/64"))
        #expect(!BlockList.network("2001:db8:1::/48", contains: "2001:db8:2:2::/64"))
        #expect(BlockList.network("203.0.113.7", contains: "203.0.113.7") && !BlockList.network("203.0.113.7", contains: "203.0.113.8"))
    }
}

/// A browser for the console: a cookie jar, the CSRF token from the last page, and each answer whole.
struct ConsoleBrowser {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var token = ""

    var cookieHeader: String { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

    mutating func keep(_ response: TestResponse) {
        for set in response.headers[values: .setCookie] {
            let parts = set.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let pair = parts[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2 else { continue }
            // As a browser: a cookie set to expire now is deleted.
            cookies[pair[0]] = parts.contains { $0.lowercased() == "max-age=0" } ? nil : pair[1]
        }
        if let match = response.text.firstMatch(of: /name="_csrf" value="([0-9a-f]+)"/) { token = String(match.1) }
    }

    mutating func get(_ uri: String) async throws -> TestResponse {
        let response = try await client.execute(uri: uri, method: .get, headers: cookies.isEmpty ? [:] : [.cookie: cookieHeader], body: nil)
        keep(response)
        return response
    }

    mutating func post(_ uri: String, _ fields: [String: String]) async throws -> TestResponse {
        var fields = fields
        fields["_csrf"] = token
        let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        let response = try await client.execute(
            uri: uri, method: .post,
            headers: [.cookie: cookieHeader, .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body))
        keep(response)
        return response
    }

    /// Signs in with the code of the time step `step` steps from now (a code is taken once).
    mutating func signIn(step: Int64 = 0) async throws {
        _ = try await get("/admin/sign-in")
        let response = try await post(
            "/admin/sign-in",
            [
                "name": "ola", "password": ModerationTests.operatorPassword,
                "code": ModerationTests.code(offset: step),
            ])
        #expect(response.status == .seeOther && response.location == "/admin", "\(response.status) \(response.text)")
    }
}

extension TestResponse {
    var location: String? { headers[.location] }
}
