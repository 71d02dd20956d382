import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// Contact through PetSpot, in the API: a relayed report's e-mail and phone never leave the
/// server, in the report, the list or the owner's matches.
@Suite struct RelayTests {
    @Test func aRelayedReportHasNullContactsEverywhere() async throws {
        try await TestApp.run { client, _ throws in
            let relayed = try await client.createAnnouncement([
                "contactVisibility": "RELAYED", "email": "hidden@example.pl",
                "phone": "+48 600 111 222", "microchipNumber": "616093900099999",
            ])
            let created = try await client.send(.get, APIPath.announcement(AnnouncementID(relayed.id)))
            // The details' phone is "" rather than null: the published iOS app needs a string there.
            #expect(created.json["email"] is NSNull && created.json["phone"] as? String == "")
            #expect(created.json["contactVisibility"] as? String == "RELAYED")
            #expect(try await client.uploadPhoto(relayed.id, password: relayed.password, bytes: Fixture.jpeg).status == .created)
            let found = try await client.createAnnouncement(["status": "FOUND", "microchipNumber": "616093900099999", "email": "f@example.com"])
            #expect(try await client.uploadPhoto(found.id, password: found.password, bytes: Fixture.jpeg).status == .created)
            let list = try await client.send(.get, APIPath.announcements)
            let matches = try await client.send(
                .get, APIPath.matches(AnnouncementID(found.id)),
                headers: [.authorization: Basic.header(found.id, found.password)])
            for text in [created.text, list.text, matches.text] {
                #expect(!text.contains("hidden@example.pl") && !text.contains("600 111 222"))
            }
            #expect(matches.text.contains(relayed.id), "the match is there, without its contacts")
            // Public stays the default for the published apps.
            let plain = try await client.createAnnouncement(["email": "shown@example.pl"])
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(plain.id))).json["email"] as? String == "shown@example.pl")
            // Bad values.
            for (body, field) in [
                (["contactVisibility": "SECRET"], "contactVisibility"),
                (["contactVisibility": "RELAYED", "email": nil, "phone": "600700800"], "email"),
            ] as [([String: Any?], String)] {
                let response = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(body))
                #expect(response.status == .badRequest && response.error["field"] as? String == field, "\(body)")
            }
        }
    }

    /// A message through the web form reaches the reporter with the sender as Reply-To, flagged when it
    /// asks for money; a bot's honeypot message is dropped; a sender is limited.
    @Test func aMessageReachesTheReporterWithTheSenderAsReplyTo() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let report = try await client.createAnnouncement([
                "contactVisibility": "RELAYED", "email": "owner@example.pl", "petName": "Burek",
                "privateTrait": "Pink spot on the tongue",
            ])
            // The private trait is never in a public answer or page.
            let publicAnswer = try await client.send(.get, APIPath.announcement(AnnouncementID(report.id)))
            let publicPage = try await client.send(.get, "/lost-pets/\(report.id)")
            #expect(!publicAnswer.text.contains("Pink spot") && !publicPage.text.contains("Pink spot"))
            var browser = RelayBrowser(client: client)
            let form = try await browser.get("/lost-pets/\(report.id)/message")
            #expect(form.contains("Send a message to the owner") && form.contains("Never pay before you have seen the pet"))
            var status = try await browser.post(
                "/lost-pets/\(report.id)/message",
                [
                    "name": "Anna", "email": "anna@example.com",
                    "phone": "600 700 800", "trait": "White spot on the left ear", "message": "I saw your dog near the park. Send 200 zł for transport.",
                ])
            #expect(status == .ok)
            #expect(browser.page.contains("Back to the report") && browser.page.contains("href=\"/lost-pets/\(report.id)\""), "the sender goes back to it")
            status = try await browser.post(
                "/lost-pets/\(report.id)/message",
                [
                    "name": "Bot", "email": "bot@example.com",
                    "message": "Buy cheap things here now", "website": "http://spam.example",
                ])
            #expect(status == .ok, "the bot is told it worked")
            let relayed = try #require(try await MailboxMessage.first(in: directory) { $0.replyTo == "anna@example.com" })
            // The sender's name is a labelled fact, never in PetSpot's subject line.
            #expect(relayed.subject == "A message about your PetSpot report" && relayed.text.contains("PetSpot has not checked it): Anna"))
            #expect(relayed.to == "owner@example.pl" && relayed.replyTo == "anna@example.com")
            #expect(relayed.text.contains("White spot on the left ear") && relayed.text.contains("I saw your dog near the park"))
            #expect(relayed.text.contains("mentions money"))
            // The owner sees the finder's answer first, then what they recorded privately, to compare.
            let answer = try #require(relayed.text.range(of: "White spot on the left ear")),
                own = try #require(relayed.text.range(of: "Pink spot on the tongue"))
            #expect(answer.lowerBound < own.lowerBound && relayed.text.contains("Compare their answer with your private detail"))
            #expect(try !MailboxMessage.all(in: directory).contains { $0.text.contains("Buy cheap things") })
            // The owner's page keeps the message with the sender's answer, should the e-mail go astray.
            var owner = RelayBrowser(client: client)
            _ = try await owner.get("/manage/\(report.id)")
            let managed = try await client.executeRequest(
                uri: "/manage/\(report.id)", method: .post, headers: [.cookie: owner.cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(owner.token)&code=\(report.password)"))
            let messages = try #require(
                String(buffer: managed.body).firstMatch(of: /data-testid="owner-messages">(.*?)<\/section>/.dotMatchesNewlines()).map { String($0.1) })
            #expect(messages.contains("I saw your dog near the park") && messages.contains("White spot on the left ear"), "\(messages)")
            #expect(messages.contains("What they say identifies the pet"))
            // Five messages from one sender in 15 minutes; the sixth waits.
            for _ in 0..<4 {
                _ = try await browser.post(
                    "/lost-pets/\(report.id)/message", ["name": "Anna", "email": "anna@example.com", "message": "Another sighting today"])
            }
            status = try await browser.post("/lost-pets/\(report.id)/message", ["name": "Anna", "email": "anna@example.com", "message": "One more message"])
            #expect(status == .tooManyRequests)
            // Bad input is refused with its field.
            let bad = try await browser.post("/lost-pets/\(report.id)/message", ["name": "", "email": "x", "message": "hi"])
            #expect(bad == .badRequest || bad == .tooManyRequests)
        }
    }
}

/// Enough of a browser for a form: the session cookie and the CSRF token from the page.
struct RelayBrowser {
    let client: any TestClientProtocol
    var cookie = ""
    var token = ""
    /// The page the last `post` answered.
    var page = ""

    mutating func get(_ uri: String) async throws -> String {
        let response = try await client.executeRequest(uri: uri, method: .get, headers: cookie.isEmpty ? [:] : [.cookie: cookie], body: nil)
        if let set = response.headers[.setCookie] { cookie = String(set.split(separator: ";")[0]) }
        let html = String(buffer: response.body)
        if let match = html.firstMatch(of: /name="_csrf" value="([0-9a-f]+)"/) { token = String(match.1) }
        return html
    }

    mutating func post(_ uri: String, _ fields: [String: String]) async throws -> HTTPResponse.Status {
        var fields = fields
        fields["_csrf"] = token
        let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        let response = try await client.executeRequest(
            uri: uri, method: .post,
            headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body))
        page = String(buffer: response.body)
        return response.status
    }
}

/// A client is shown at most `--contact-limit` public e-mail addresses and phone numbers an
/// hour, over the list, the report answers and the report pages; past it they are withheld, with a header.
@Suite struct ContactQuotaTests {
    /// Live, the lists answered from memory come from `EarlyAnswerHandler`, before the router; with the
    /// list cache off, each list is searched once, in the form the quota allows.
    @Test(arguments: [(false, 5.0), (true, 5.0), (false, 0.0)])
    func publicContactsStopAtTheHourlyLimit(live: Bool, cacheSeconds: Double) async throws {
        try await TestApp.run(
            live: live, fixtures: { _ in },
            configure: {
                $0.contactLimit = 3
                $0.listCacheSeconds = cacheSeconds
            }
        ) { client, _ throws in
            var ids: [String] = []
            for index in 0..<2 {
                let report = try await client.createAnnouncement(["email": "public\(index)@example.pl", "phone": "600 700 80\(index)", "microchipNumber": nil])
                #expect(try await client.uploadPhoto(report.id, password: report.password, bytes: Fixture.jpeg).status == .created)
                ids.append(report.id)
            }
            let relayed = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "quiet@example.pl"])
            #expect(try await client.uploadPhoto(relayed.id, password: relayed.password, bytes: Fixture.jpeg).status == .created)
            let list = try await client.send(.get, APIPath.announcements)
            #expect(list.text.contains("public0@example.pl") && list.text.contains("public1@example.pl"))
            #expect(list.headers[AnnouncementController.withheldField] == nil)
            let one = try await client.send(.get, APIPath.announcement(AnnouncementID(ids[0])))
            #expect(one.json["email"] as? String == "public0@example.pl", "the third contact of the hour")
            // The fourth is withheld, and so is every list after it; relayed reports never count.
            let withheld = try await client.send(.get, APIPath.announcement(AnnouncementID(ids[1])))
            #expect(withheld.json["email"] is NSNull && withheld.headers[AnnouncementController.withheldField] == "1")
            #expect(withheld.json["phone"] as? String == "", "a string, as the published iOS app decodes it")
            let later = try await client.send(.get, APIPath.announcements)
            #expect(!later.text.contains("@example.pl") && !later.text.contains("600 700 80") && later.headers[AnnouncementController.withheldField] == "2")
            #expect((later.json["data"] as? [Any])?.count == 3, "the reports are still listed")
            // Served from memory now (with the cache on), without contacts too.
            let again = try await client.send(.get, APIPath.announcements)
            #expect(again.text == later.text && again.headers[AnnouncementController.withheldField] == "2")
            let page = try await client.send(.get, "/lost-pets/\(ids[1])")
            #expect(!page.text.contains("public1@example.pl") && page.text.contains("Contact details are hidden for a while"))
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(relayed.id))).headers[AnnouncementController.withheldField] == nil)
        }
    }
}

/// The message relay for apps: `POST /api/v1/announcements/{id}/messages`, the web form's rules.
@Suite struct MessageAPITests {
    @Test func aMessageThroughTheAPIReachesTheReporterWithReplyTo() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let report = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.pl"])
            let path = APIPath.messages(AnnouncementID(report.id))
            for (body, field) in [
                (#"{"email": "a@example.com", "message": "Seen your dog today"}"#, "name"),
                (#"{"name": "Anna", "email": "nope", "message": "Seen your dog today"}"#, "email"),
                (#"{"name": "Anna", "email": "a@example.com", "message": "short"}"#, "message"),
                (#"{"name": "Anna", "email": "a@example.com", "message": "Seen your dog today", "x": "1"}"#, "x"),
            ] {
                let response = try await client.send(.post, path, json: body)
                #expect(response.status == .badRequest && response.error["field"] as? String == field, "\(body)")
            }
            let sent = try await client.send(
                .post, path, json: #"{"name": "Anna", "email": "anna@example.com", "message": "Seen your dog today by the station"}"#)
            #expect(sent.status == .accepted)
            let mail = try await MailboxMessage.first(in: directory) { $0.replyTo == "anna@example.com" }
            #expect(mail?.to == "owner@example.pl" && mail?.replyTo == "anna@example.com")
            _ = try await client.send(
                .patch, APIPath.announcement(AnnouncementID(report.id)), json: #"{"status": "CLOSED"}"#,
                headers: [.authorization: Basic.header(report.id, report.password)])
            let closed = try await client.send(.post, path, json: #"{"name": "Anna", "email": "anna@example.com", "message": "Seen your dog today again"}"#)
            #expect(closed.status == .conflict)
        }
    }
}
