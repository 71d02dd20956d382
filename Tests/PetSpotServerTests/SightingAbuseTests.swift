import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// Sightings used against an owner (found by an attacker's audit): a flood from one line does not silence
/// finders elsewhere, and a note that asks for money or a code reaches the owner with a warning, not the public.
@Suite struct SightingAbuseTests {
    static func path(_ id: String) -> String { APIPath.announcement(AnnouncementID(id)) + "/sightings" }

    /// Four addresses of one /24 spend the report's sightings; a finder on another network still files its
    /// first one (and only that, while the flood's budget lasts).
    @Test func aFloodFromOneNetworkDoesNotSilenceAFinderElsewhere() async throws {
        try await TestApp.run(on: .sqlite, live: true, configure: { $0.trustedProxies = try! TrustedProxies("127.0.0.0/8, ::1") }) { client, _ in
            let report = try await client.createAnnouncement()
            func sight(from address: String) async throws -> HTTPResponse.Status {
                try await client.send(
                    .post, Self.path(report.id), json: #"{"latitude": 52.2, "longitude": 21.0, "note": "seen"}"#,
                    headers: [ConsoleBrowser.forwarded: address]
                ).status
            }
            var flood: [HTTPResponse.Status] = []
            for index in 0..<62 { flood.append(try await sight(from: "203.0.113.\(index / 20 + 1)")) }
            // The network's first is its own; 60 more share the report's budget, and the 62nd finds it spent.
            #expect(flood.prefix(61).allSatisfy { $0 == .created } && flood.last == .tooManyRequests, "\(flood)")
            #expect(try await sight(from: "198.51.100.7") == .created)
            #expect(try await sight(from: "198.51.100.7") == .tooManyRequests)
        }
    }

    /// A note asking for money by BLIK and a text's code: kept for the owner (their API list, their e-mail,
    /// with a warning first), left out of what strangers read; an ordinary note is public as before.
    @Test func aScamNoteReachesOnlyTheOwnerWithAWarning() async throws {
        try await TestApp.run { client, directory in
            let report = try await client.createAnnouncement(["email": "owner@example.pl"])
            let scam = "I have your dog. Send 300 zl by BLIK first, then read me the SMS code"
            let filed = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52.2, "longitude": 21.0, "note": "\#(scam)"}"#)
            #expect(filed.status == .created)
            let plain = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52.2, "longitude": 21.0, "note": "By the bakery"}"#)
            #expect(plain.status == .created)
            let public_ = try await client.send(.get, Self.path(report.id))
            #expect((public_.json["data"] as? [Any])?.count == 2 && !public_.text.contains("BLIK") && public_.text.contains("By the bakery"))
            let page = try await client.send(.get, "/lost-pets/\(report.id)")
            #expect(page.status == .ok && !page.text.contains("BLIK") && page.text.contains("By the bakery"))
            let owner = try await client.send(.get, Self.path(report.id), headers: [.authorization: Basic.header(report.id, report.password)])
            #expect(owner.text.contains("BLIK"))
            // The owner's page shows it under a warning; the plain note carries none.
            var browser = RelayBrowser(client: client)
            _ = try await browser.get("/manage/\(report.id)")
            let managed = try await client.executeRequest(
                uri: "/manage/\(report.id)", method: .post, headers: [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(browser.token)&code=\(report.password)"))
            let sightings =
                String(buffer: managed.body).firstMatch(of: /data-testid="owner-sightings">(.*?)<\/ol>/.dotMatchesNewlines()).map { String($0.1) } ?? ""
            #expect(sightings.contains("BLIK") && sightings.components(separatedBy: "data-testid=\"sighting-scam-warning\"").count == 2, "\(sightings)")
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.subject.contains("New sighting") } }
            let notice = try #require(mails.first { $0.subject.contains("New sighting") })
            #expect(notice.text.contains("BLIK") && notice.text.contains("A note below mentions money, payments or codes"), "\(notice.text)")
        }
    }
}
