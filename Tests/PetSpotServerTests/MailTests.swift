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
import Testing

/// Mail end to end: the code e-mail and the match e-mail over a real SMTP conversation on 127.0.0.1,
/// the outbox across restarts, the mailbox folder, and the owner's matches endpoint.
@Suite(.timeLimit(.minutes(10))) struct MailTests {
    static let publicURL = "https://petspot.example"

    static func smtp(_ server: TestSMTPServer, user: String? = nil, password: String? = nil) throws -> SMTPSettings {
        var settings = try SMTPSettings(url: "smtp://\(user.map { "\($0):\(password ?? "")@" } ?? "")localhost:\(server.port)")
        settings.trustRoots = server.trustRoots
        return settings
    }

    static func parsed(_ message: TestSMTPServer.Message) -> MailboxMessage {
        MailboxMessage.parse(message.data, file: URL(fileURLWithPath: "/smtp"))
    }

    @Test func smtpConversationWithStartTLSAndAuthentication() async throws {
        let server = try await TestSMTPServer.start(credentials: ("mailer", "s3cret:pass"))
        defer { Task { await server.stop() } }
        let client = SMTPClient(settings: try Self.smtp(server, user: "mailer", password: "s3cret%3Apass"))
        let mail = MailContent(to: "owner@example.com", subject: "Zażółć gęślą jaźń", text: "Line one\n.hidden dot line\nend", html: "<p>x</p>")
        let raw = MIMEMessage.render(mail, from: .default, id: "0000-test", date: Date(timeIntervalSince1970: 1_790_000_000))
        try await client.send(raw, from: "no-reply@petspot.localhost", to: "owner@example.com")
        let received = try #require(server.messages.first)
        #expect(received.overTLS && received.user == "mailer")
        #expect(received.from == "no-reply@petspot.localhost" && received.recipients == ["owner@example.com"])
        let message = Self.parsed(received)
        #expect(message.subject == "Zażółć gęślą jaźń")
        #expect(message.text == "Line one\n.hidden dot line\nend")
        #expect(message.messageID == "<0000-test@petspot.localhost>")
    }

    /// The contract's address rule lets `a,b@example.com` through; a mail program would read it as two
    /// recipients, so the header and the envelope quote its local part, and a domain that is no host name
    /// is not written at all (the outbox gives such an e-mail up).
    @Test func anAddressIsOneMailboxInTheHeaderAndTheEnvelope() async throws {
        #expect(MailAddress.addrSpec("owner.name+tag@example.com") == "owner.name+tag@example.com")
        #expect(MailAddress.addrSpec("zażółć@example.pl") == "zażółć@example.pl")
        #expect(MailAddress.addrSpec("a,b@example.com") == #""a,b"@example.com"#)
        #expect(MailAddress.addrSpec(#"a\b(c)..d@example.com"#) == #""a\\b(c)..d"@example.com"#)
        #expect(MailAddress.addrSpec("b@x,y.com") == nil && MailAddress.addrSpec("b@[x].com") == nil && MailAddress.addrSpec("b@") == nil)
        #expect(MailAddress.addrSpec("b@example.net.") == "b@example.net.")
        let raw = MIMEMessage.render(MailContent(to: "a,b@example.com", subject: "s", text: "t", html: "h"), from: .default, id: "q", date: Date())
        #expect(raw.contains("\r\nTo: \"a,b\"@example.com\r\n"), "\(raw)")
        #expect(SMTPError.unusableRecipient.isPermanent && !SMTPError.unusableRecipient.description.contains("@"))
    }

    /// An address beyond ASCII is sent with SMTPUTF8 to a server that offers it, and given up for good
    /// (never sent as bytes the server did not agree to) where it is not offered.
    @Test func anInternationalAddressNeedsAServerThatTakesIt() async throws {
        let raw = MIMEMessage.render(MailContent(to: "zażółć@example.pl", subject: "s", text: "t", html: "h"), from: .default, id: "u", date: Date())
        let plain = try await TestSMTPServer.start(offerTLS: false)
        await #expect(throws: SMTPError.unusableRecipient) {
            try await SMTPClient(settings: try Self.smtp(plain)).send(raw, from: "f@example.com", to: "zażółć@example.pl")
        }
        #expect(plain.messages.isEmpty)
        try await SMTPClient(settings: try Self.smtp(plain)).send(raw, from: "f@example.com", to: "ascii@example.pl")
        #expect(plain.messages.map(\.smtpUTF8) == [false])
        let international = try await TestSMTPServer.start(offerTLS: false, smtpUTF8: true)
        try await SMTPClient(settings: try Self.smtp(international)).send(raw, from: "f@example.com", to: "zażółć@example.pl")
        let sent = try #require(international.messages.first)
        #expect(sent.smtpUTF8 && sent.recipients == ["zażółć@example.pl"] && sent.data.contains("To: zażółć@example.pl"))
    }

    @Test func smtpsSpeaksTLSFromTheFirstByte() async throws {
        let server = try await TestSMTPServer.start(credentials: ("mailer", "pw"), implicitTLS: true)
        defer { Task { await server.stop() } }
        var settings = try SMTPSettings(url: "smtps://mailer:pw@localhost:\(server.port)")
        settings.trustRoots = server.trustRoots
        let raw = MIMEMessage.render(MailContent(to: "a@example.com", subject: "s", text: "t", html: "h"), from: .default, id: "y", date: Date())
        try await SMTPClient(settings: settings).send(raw, from: "f@example.com", to: "a@example.com")
        #expect(server.messages.map(\.overTLS) == [true])
        // A certificate nobody vouches for is refused: nothing is sent.
        var untrusting = settings
        untrusting.trustRoots = .certificates([])
        await #expect(throws: (any Error).self) { try await SMTPClient(settings: untrusting).send(raw, from: "f@example.com", to: "a@example.com") }
        #expect(server.messages.count == 1)
    }

    @Test func wrongPasswordIsAPermanentRefusalAndTemporaryOnesAreNot() async throws {
        let server = try await TestSMTPServer.start(credentials: ("mailer", "right"), temporaryFailures: 1)
        defer { Task { await server.stop() } }
        let raw = MIMEMessage.render(MailContent(to: "a@example.com", subject: "s", text: "t", html: "h"), from: .default, id: "x", date: Date())
        do {
            try await SMTPClient(settings: try Self.smtp(server, user: "mailer", password: "wrong")).send(raw, from: "f@example.com", to: "a@example.com")
            Issue.record("a wrong password must not deliver")
        } catch let error as SMTPError {
            #expect(error.isPermanent && error == .rejected(code: 535, message: "5.7.8 bad credentials"))
        }
        let client = SMTPClient(settings: try Self.smtp(server, user: "mailer", password: "right"))
        await #expect(throws: SMTPError.rejected(code: 451, message: "4.3.0 try again later")) {
            try await client.send(raw, from: "f@example.com", to: "a@example.com")
        }
        #expect(SMTPError.rejected(code: 451, message: "").isPermanent == false)
        try await client.send(raw, from: "f@example.com", to: "a@example.com")
        #expect(server.messages.count == 1)
    }

    @Test func settingsFromTheURL() throws {
        let plain = try SMTPSettings(url: "smtp://user%40corp:p%40ss@mail.example.com:587")
        #expect(plain.host == "mail.example.com" && plain.port == 587 && plain.security == .startTLSWhenOffered)
        #expect(plain.username == "user@corp" && plain.password == "p@ss")
        #expect(plain.redacted == "smtp://user@corp:***@mail.example.com:587")
        let implicit = try SMTPSettings(url: "smtps://mail.example.com")
        #expect(implicit.security == .implicitTLS && implicit.port == 465 && implicit.username == nil)
        #expect(throws: SMTPError.invalidURL) { try SMTPSettings(url: "http://mail.example.com") }
        #expect(throws: SMTPError.invalidURL) { try SMTPSettings(url: "smtp://") }
        let configuration = try ServerConfiguration.fromEnvironment([
            "PETSPOT_SMTP_URL": "smtp://mail.example.com:2525", "PETSPOT_MAIL_FROM": "PetSpot Kraków <hello@petspot.example>",
            "PETSPOT_PUBLIC_URL": "https://petspot.example/",
        ])
        #expect(configuration.smtp?.port == 2525 && configuration.mailFrom.address == "hello@petspot.example")
        #expect(configuration.linkBaseURL == "https://petspot.example")
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(["PETSPOT_MAIL_FROM": "x@y\r\nBcc: z@w"]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.fromEnvironment(["PETSPOT_PUBLIC_URL": "javascript:alert(1)"]) }
    }

    /// The acceptance case: a missing report with an e-mail, then a found report with the same chip
    /// nearby, give the code e-mails and the match e-mail, on SQLite and on PostgreSQL.
    @Test func codeAndMatchEmailsReachTheSMTPServer() async throws {
        try await TestStorage.each { storage in
            let server = try await TestSMTPServer.start()
            defer { Task { await server.stop() } }
            try await TestApp.run(
                on: storage,
                configure: {
                    $0.smtp = try? Self.smtp(server)
                    $0.publicURL = Self.publicURL
                }
            ) { client, _ in
                let missingResponse = try await client.send(
                    .post, APIPath.announcements,
                    json: Fixture.createBody([
                        "petName": "Burek <3 & Co", "species": "DOG", "microchipNumber": "985112345678901", "email": "owner@example.pl",
                        "lastSeenDate": "2025-11-10", "locationLatitude": 52.2297, "locationLongitude": 21.0122,
                    ]),
                    headers: [.acceptLanguage: "pl-PL,pl;q=0.9,en;q=0.5"])
                #expect(missingResponse.status == .created)
                let missing = try JSONDecoder().decode(CreatedAnnouncementDTO.self, from: Data(buffer: missingResponse.body))
                #expect(try await client.uploadPhoto(missing.announcement.id, password: missing.managementPassword, bytes: Fixture.jpeg).status == .created)
                let found = try await client.createAnnouncement([
                    // The name the finder read on the tag: the found report's, under "the found report".
                    "species": "DOG", "sex": "MALE", "status": "FOUND", "microchipNumber": "985112345678901", "email": "finder@example.com",
                    "petName": "Burek <3 & Co",
                    "phone": "+48 600 111 222", "lastSeenDate": "2025-11-12", "locationLatitude": 52.25, "locationLongitude": 21.03,
                    "caregiverPhone": "+48 601 222 333", "currentAddress": "ul. Polna 3, Warszawa",
                ])
                #expect(try await client.uploadPhoto(found.id, password: found.password, bytes: Fixture.jpeg).status == .created)

                let messages = try await server.waitForMessages(3).map(Self.parsed)
                #expect(messages.count == 3)
                let code = try #require(messages.first { $0.to == "owner@example.pl" && $0.text.contains(missing.managementPassword) })
                #expect(code.subject == "Twoje zgłoszenie w PetSpot: zachowaj kod zarządzania", "the report's language")
                #expect(code.text.contains("\(Self.publicURL)/lost-pets/\(missing.announcement.id)"))
                #expect(code.text.contains("\(Self.publicURL)/manage/\(missing.announcement.id)"))
                #expect(code.html.contains(missing.managementPassword))
                #expect(code.text.contains("Okolica: Warszawa"), "the place, in the report's language")
                let finderCode = try #require(messages.first { $0.to == "finder@example.com" })
                #expect(finderCode.text.contains(found.password) && finderCode.subject.hasPrefix("Your PetSpot report"))
                let match = try #require(messages.first { $0.to == "owner@example.pl" && !$0.text.contains(missing.managementPassword) })
                // The subject is PetSpot's own words only: the name a reporter typed is a labelled fact.
                #expect(match.subject == "Możliwe, że ktoś znalazł Twojego pupila")
                #expect(match.text.contains("Imię w zgłoszeniu, tak jak je wpisano: Burek <3 & Co"))
                #expect(match.text.contains("\(Self.publicURL)/lost-pets/\(found.id)"))
                #expect(match.text.contains("mikroczipa"))
                #expect(match.html.contains("Burek &lt;3 &amp; Co"), "report text is escaped in HTML mail")
                #expect(!match.html.contains("<3"))
                #expect(match.text.contains("Okolica: "), "where the pet was found, as an area")
                // Privacy: nothing of the finder's contact or private details, not even for a chip (a
                // report's chip is public: anyone may file a missing report with it), and no codes.
                for secret in ["finder@example.com", "600 111 222", "601 222 333", "ul. Polna 3", found.password, missing.managementPassword] {
                    #expect(!match.text.contains(secret) && !match.html.contains(secret))
                }

                // The owner's matches: the chipped found report first, with score 1.
                let matches = try await client.send(
                    .get, APIPath.matches(AnnouncementID(missing.announcement.id)),
                    headers: [.authorization: Basic.header(missing.announcement.id, missing.managementPassword)])
                #expect(matches.status == .ok)
                let first = try #require(matches.list.first)
                #expect((first["announcement"] as? [String: Any])?["id"] as? String == found.id)
                #expect(first["reason"] as? String == "MICROCHIP" && first["score"] as? Double == 1)
                let wrong = try await client.send(
                    .get, APIPath.matches(AnnouncementID(missing.announcement.id)),
                    headers: [.authorization: Basic.header(missing.announcement.id, "000000")])
                #expect(wrong.status == .forbidden)

                // Replacing a photo scans again, but nobody hears of one pair twice.
                #expect(try await client.uploadPhoto(found.id, password: found.password, bytes: Fixture.jpeg).status == .created)
                try await Task.sleep(for: .seconds(1))
                #expect(server.messages.count == 3)
            }
        }
    }

    /// A server that stopped after the report was committed but before its e-mail went out delivers it
    /// after the restart, once; a second restart sends nothing again.
    @Test func queuedMailSurvivesARestartAndIsSentOnce() async throws {
        try await TestStorage.each { storage in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-mail-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            // The "crash": the report and its e-mail are committed, and no worker ever ran.
            let report = Announcement.mock(
                petName: nil, species: "CAT", breed: nil, sex: "FEMALE", age: nil, description: nil,
                location: Coordinate(latitude: 50, longitude: 20), lastSeenDate: "2025-11-01",
                email: "cat-owner@example.com", phone: nil, createdAt: Date())
            let notifier = ReportNotifier(store: InMemoryStore(), mails: WebMailWriter(), baseURL: Self.publicURL)
            let mail = try #require(notifier.codeMail(for: report, code: "424242"))
            try await storage.withStore(in: directory) { store in try await store.create(report, passwordHash: "x:y", outbox: [mail]) }

            let server = try await TestSMTPServer.start()
            defer { Task { await server.stop() } }
            for _ in 0..<2 {
                try await TestApp.run(on: storage, dataDirectory: directory, configure: { $0.smtp = try? Self.smtp(server) }) { _, _ in
                    _ = try await server.waitForMessages(1, timeout: .seconds(120))
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
            #expect(server.messages.count == 1)
            #expect(Self.parsed(try #require(server.messages.first)).text.contains("424242"))
            try await storage.withStore(in: directory) { store in
                let records = try await store.outbox()
                #expect(records.map(\.state) == [.done] && records[0].entry.payload.isEmpty)
            }
        }
    }

    /// A failed delivery is retried later; on the embedded default without SMTP mail goes to the mailbox.
    @Test func retriesAfterATemporaryRefusal() async throws {
        let server = try await TestSMTPServer.start(temporaryFailures: 1)
        defer { Task { await server.stop() } }
        try await TestApp.run(on: .sqlite, configure: { $0.smtp = try? Self.smtp(server) }) { client, _ in
            _ = try await client.createAnnouncement(["email": "retry@example.com"])
            let messages = try await server.waitForMessages(1, timeout: .seconds(120))
            #expect(messages.count == 1, "delivered on the second attempt, 5 s later")
        }
    }

    @Test func withoutSMTPMailGoesToTheMailboxFolder() async throws {
        try await TestApp.run(on: .sqlite) { client, directory in
            let created = try await client.createAnnouncement(["email": "local@example.com", "petName": "Mruczek"])
            let messages = try await MailboxMessage.arrived(in: directory) { !$0.isEmpty }
            let message = try #require(messages.first)
            #expect(messages.count == 1 && message.to == "local@example.com")
            #expect(message.text.contains(created.password) && message.subject == "Your PetSpot report: keep this management code")
            #expect(message.file.lastPathComponent.hasSuffix(".eml"))
            #expect(message.text.contains("http://127.0.0.1:3000/manage/\(created.id)"), "links default to the listening address")
        }
    }
}
