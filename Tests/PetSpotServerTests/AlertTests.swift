import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
@testable import PetSpotServer
import PetSpotWeb
import Testing

/// Nearby alerts through the API, the e-mailed links and the outbox, on SQLite and PostgreSQL.
@Suite struct AlertTests {
    /// A report with a photo (so it is visible) at `lat, lng`.
    static func visibleReport(
        _ client: any TestClientProtocol, _ lat: Double, _ lng: Double, name: String,
        status: String = "MISSING"
    ) async throws -> String {
        let report = try await client.createAnnouncement([
            "petName": name, "locationLatitude": lat, "locationLongitude": lng,
            "status": status, "email": "reporter@example.pl", "phone": "600700800",
            "microchipNumber": nil,
        ])
        #expect(try await client.uploadPhoto(report.id, password: report.password, bytes: Fixture.jpeg).status == .created)
        return report.id
    }

    @Test func aConfirmedSubscriptionHearsOnceAboutReportsInItsAreaAndOneClickStopsEverything() async throws {
        try await TestApp.run(everyDatabase: true, configure: { $0.alertDailyCap = 1 }) { client, directory throws in
            let body = #"{"email": "neighbour@example.com", "latitude": 52.2297, "longitude": 21.0122, "radiusKm": 5, "language": "pl"}"#
            let created = try await client.send(.post, APIPath.alerts, json: body)
            #expect(created.status == .accepted && created.json["status"] as? String == "PENDING", "\(created.text)")
            let id = try #require(created.json["id"] as? String)
            let token = try #require(created.json["manageToken"] as? String)

            // Unconfirmed: a report in the area tells nobody.
            _ = try await Self.visibleReport(client, 52.2300, 21.0130, name: "Early")
            let confirmation = try #require(
                try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == "neighbour@example.com" } }
                    .first { $0.to == "neighbour@example.com" })
            #expect(confirmation.subject == "Potwierdź powiadomienia PetSpot")
            let link = try #require(confirmation.text.firstMatch(of: /\/alerts\/[^\s]+\/confirm\?token=[0-9a-f]+/)).0
            // A GET only asks; the button confirms.
            var browser = RelayBrowser(client: client)
            let question = try await browser.get(String(link))
            #expect(question.contains("Tak, wysyłaj mi te powiadomienia") || question.contains("Yes, send me these alerts"))
            // It says what is confirmed: the address and the area.
            #expect(question.contains("neighbour@example.com") && (question.contains("5 km")), "\(question)")
            #expect(try await client.send(.get, APIPath.alert(id) + "?token=\(token)").json["status"] as? String == "PENDING")
            #expect(try await browser.post(String(link), [:]) == .ok)
            #expect(try await client.send(.get, APIPath.alert(id) + "?token=\(token)").json["status"] as? String == "ACTIVE")
            #expect(try await client.send(.get, APIPath.alert(id) + "?token=\(String(repeating: "0", count: 64))").status == .notFound)

            // In the area: exactly one alert, with one-click unsubscribe; outside it: none.
            let inside = try await Self.visibleReport(client, 52.2400, 21.0200, name: "Burek")
            _ = try await Self.visibleReport(client, 50.0614, 19.9383, name: "Krakowiak")
            let alerts = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.text.contains("Burek") } }
                .filter { $0.to == "neighbour@example.com" && $0.subject != confirmation.subject }
            #expect(alerts.count == 1, "\(alerts.map(\.subject))")
            let alert = try #require(alerts.first)
            #expect(alert.text.contains("/lost-pets/\(inside)") && alert.text.contains("?w=800") && !alert.text.contains("Krakowiak"), "\(alert.text)")
            #expect(!alert.text.contains("600700800") && !alert.text.contains("reporter@example.pl"), "never the reporter's contact")
            #expect(alert.listUnsubscribePost == "List-Unsubscribe=One-Click")
            let unsubscribe = try #require(alert.listUnsubscribe?.dropFirst().dropLast()).description
            // A new photo of the same report tells nobody twice; the second report of the day passes the cap of one.
            let again = try await client.createAnnouncement([
                "petName": "Second", "locationLatitude": 52.23, "locationLongitude": 21.01,
                "microchipNumber": nil,
            ])
            #expect(try await client.uploadPhoto(again.id, password: again.password, bytes: Fixture.jpeg).status == .created)
            try await Task.sleep(for: .milliseconds(500))
            #expect(try MailboxMessage.all(in: directory).filter { $0.to == "neighbour@example.com" }.count == 2, "confirmation and one alert")

            // One click, as a mail client does it: no cookie, no form token.
            let path = String(unsubscribe[unsubscribe.range(of: "/alerts/")!.lowerBound...])
            let stopped = try await client.execute(
                uri: path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "List-Unsubscribe=One-Click"))
            #expect(stopped.status == .ok)
            #expect(try await client.send(.get, APIPath.alert(id) + "?token=\(token)").status == .notFound)
            _ = try await Self.visibleReport(client, 52.2310, 21.0140, name: "Late")
            try await Task.sleep(for: .milliseconds(500))
            #expect(try MailboxMessage.all(in: directory).filter { $0.to == "neighbour@example.com" }.count == 2, "nothing after unsubscribing")
        }
    }

    /// Whoever subscribes an address holds the token that moves it (an attacker's audit subscribed a
    /// stranger, waited for the confirmation, then moved it to Kraków): a confirmed subscription's address
    /// hears when it moves, with links to change or stop it. A pending one's move, and a filter, tell nobody.
    @Test func movingAConfirmedSubscriptionTellsItsAddress() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let body = #"{"email": "victim@example.com", "latitude": 51.1079, "longitude": 17.0385, "radiusKm": 5, "placeName": "Wrocław"}"#
            let created = try await client.send(.post, APIPath.alerts, json: body)
            let id = try #require(created.json["id"] as? String), token = try #require(created.json["manageToken"] as? String)
            let path = APIPath.alert(id) + "?token=\(token)"
            let moved = #"{"latitude": 50.0614, "longitude": 19.9383, "radiusKm": 50, "placeName": "Kraków"}"#
            #expect(try await client.send(.patch, path, json: moved).status == .ok)
            #expect(try await client.send(.patch, path, json: body).status == .ok)
            let confirmation = try #require(
                try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == "victim@example.com" } }.first)
            let link = try #require(confirmation.text.firstMatch(of: /\/alerts\/[^\s]+\/confirm\?token=[0-9a-f]+/)).0
            var browser = RelayBrowser(client: client)
            _ = try await browser.get(String(link))
            #expect(try await browser.post(String(link), [:]) == .ok)
            let filtered = #"{"latitude": 51.1079, "longitude": 17.0385, "radiusKm": 5, "placeName": "Wrocław", "kinds": "FOUND"}"#
            #expect(try await client.send(.patch, path, json: filtered).status == .ok)
            #expect(try await client.send(.patch, path, json: moved).status == .ok)
            let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.subject == "Your PetSpot alerts were changed" } }
            try await Task.sleep(for: .milliseconds(300))
            let notices = try MailboxMessage.all(in: directory).filter { $0.subject == "Your PetSpot alerts were changed" }
            #expect(notices.count == 1 && notices[0].to == "victim@example.com", "\(mails.map(\.subject))")
            #expect(notices[0].text.contains("Kraków") && notices[0].text.contains("50 km") && notices[0].text.contains("/unsubscribe"), "\(notices[0].text)")
        }
    }

    @Test func badSubscriptionsAreRefusedWithTheirField() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            for (body, field) in [
                (#"{"email": "x", "latitude": 52, "longitude": 21, "radiusKm": 5}"#, "email"),
                (#"{"email": "a@example.com", "latitude": 95, "longitude": 21, "radiusKm": 5}"#, "latitude"),
                (#"{"email": "a@example.com", "latitude": 52, "longitude": 21, "radiusKm": 7}"#, "radiusKm"),
                (#"{"email": "a@example.com", "latitude": 52, "longitude": 21, "radiusKm": 5, "kinds": "ALL"}"#, "kinds"),
                (#"{"email": "a@example.com", "latitude": 52, "longitude": 21, "radiusKm": 5, "species": ["LION"]}"#, "species"),
                (#"{"email": "a@example.com", "latitude": 52, "longitude": 21, "radiusKm": 5, "frequency": "HOURLY"}"#, "frequency"),
                (#"{"email": "a@example.com", "longitude": 21, "radiusKm": 5}"#, "latitude"),
                // A point off Earth is refused, not named (it once crashed the gazetteer).
                (#"{"email": "a@example.com", "latitude": 1e300, "longitude": -1e300, "radiusKm": 5}"#, "latitude"),
                (#"{"email": "a@example.com", "latitude": 52, "longitude": 21, "radiusKm": 5, "admin": true}"#, "admin"),
            ] {
                let response = try await client.send(.post, APIPath.alerts, json: body)
                #expect(response.status == .badRequest && response.error["field"] as? String == field, "\(body): \(response.text)")
            }
            // Three confirmation e-mails to one address in 15 minutes, then it waits.
            for index in 0..<3 {
                let ok = try await client.send(
                    .post, APIPath.alerts, json: #"{"email": "Same@example.com", "latitude": 52, "longitude": 21, "radiusKm": \#([1, 2, 5][index])}"#)
                #expect(ok.status == .accepted)
            }
            let limited = try await client.send(.post, APIPath.alerts, json: #"{"email": "same@example.com", "latitude": 52, "longitude": 21, "radiusKm": 10}"#)
            #expect(limited.status == .tooManyRequests)
        }
    }

    /// The daily digest: one e-mail with the day's reports that waited, in the subscriber's language.
    @Test func theDigestCarriesTheDaysReports() async throws {
        let store = InMemoryStore()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example", now: { now })
        let service = AlertService(
            store: store, notifier: notifier, tokens: KeyedTokens(secret: String(repeating: "k", count: 32)),
            lockout: LockoutPolicy(store: store), dailyCap: 10, now: { now })
        var subscription = try AlertForm(
            email: "daily@example.com", latitude: "52.2297", longitude: "21.0122", radiusKm: "10",
            kinds: "MISSING", frequency: "DAILY"
        ).validate(placeName: "Warszawa", language: "en", now: now).get()
        subscription.confirmedAt = now
        try await store.createSubscription(subscription, outbox: [])
        for (index, status) in [AnnouncementStatus.missing, .missing, .found].enumerated() {
            var report = Fixture.located(UUID().uuidString.lowercased(), 52.23 + Double(index) / 100, 21.01)
            report.status = status
            report.petName = "Pet\(index)"
            report.photoURL = "/images/\(report.id.rawValue).jpeg"
            try await store.create(report, passwordHash: "h")
            try await service.scan(OutboxEntry(kind: .alertScan, payload: report.id.rawValue, createdAt: now))
        }
        let digest = try #require(try await store.outbox().map(\.entry).first { $0.kind == .alertDigest })
        #expect(try await store.claimOutbox(now: now, lease: 60, limit: 10).filter { $0.kind == .alertDigest }.isEmpty, "not before 18:00 UTC")
        try await service.digest(digest)
        let mails = try await store.outbox().map(\.entry).filter { $0.kind == .email }
        #expect(mails.count == 1)
        let mail = try JSONDecoder().decode(MailContent.self, from: Data(try #require(mails.first).payload.utf8))
        #expect(mail.subject == "2 new PetSpot reports near you" && mail.text.contains("Pet0") && mail.text.contains("Pet1"))
        #expect(!mail.text.contains("Pet2"), "a found pet, and this subscription asked for missing ones only")
        #expect(mail.listUnsubscribe?.hasPrefix("https://petspot.example/alerts/\(subscription.id)/unsubscribe?token=") == true)
    }
}
