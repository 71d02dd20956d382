import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// What one person types and another reads (an e-mail, `petspot mailbox` in a terminal, a page) holds
/// no control characters: the API replaces each with U+FFFD (its contract counts them, so every length
/// and pattern holds as sent), web forms drop them, a web form too long for the server is a 413 page,
/// and a query cannot add links to the list's `Link` header.
@Suite struct TypedTextTests {
    static func json(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func theReportAPIReplacesControlCharactersAndOneLineFieldsKeepToOneLine() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            // The contract's schema allows them, so they are replaced, not refused (a NUL is refused, as before).
            let created = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody(["petName": "Rex\u{1B}[2J", "breed": "a\u{85}b", "species": "CAT\n\n-- \nPetSpot", "phone": "600\u{7}700800"]))
            #expect(created.status == .created, "\(created.text)")
            #expect(created.json["petName"] as? String == "Rex\u{FFFD}[2J" && created.json["breed"] as? String == "a\nb")
            #expect(created.json["species"] as? String == "CAT  --  PetSpot" && created.json["phone"] as? String == "600\u{FFFD}700800")
            // The schema counts a control as a character: a species of one is a species (it reads as OTHER).
            let only = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["species": "\u{18}\u{2007}", "sex": " \u{1F}"]))
            #expect(only.status == .created && only.json["species"] as? String == "\u{FFFD}", "\(only.text)")
            // A field with a format of its own refuses them with its format's message, as its pattern does.
            for (field, value) in [("microchipNumber", "12\u{18}34"), ("lastSeenDate", "2025-01-01\u{18}"), ("contactVisibility", "PUBLIC\u{1B}")] {
                let refused = try await client.send(.post, APIPath.announcements, json: Fixture.createBody([field: value]))
                #expect(refused.status == .badRequest && refused.error["field"] as? String == field, "\(field): \(refused.text)")
            }
            let nul = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["petName": "Rex\u{0}"]))
            #expect(nul.status == .badRequest && nul.error["field"] as? String == "petName")
            // Line breaks and tabs in a description are text; a line break around the species is trimmed.
            let kept = try await client.send(
                .post, APIPath.announcements, json: Fixture.createBody(["description": "Brown,\n\twhite paws\r\n", "species": "DOG\n"]))
            #expect(kept.status == .created && kept.json["description"] as? String == "Brown,\n\twhite paws" && kept.json["species"] as? String == "DOG")
            // A direction override reorders what follows it on every card and title: replaced like a control. A phone is one line.
            let turned = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody(["species": "Ca\u{202E}t", "petName": "Rex\u{2066}", "phone": "+48 600\r\n\u{85}Call 700"]))
            #expect(turned.json["species"] as? String == "Ca\u{FFFD}t" && turned.json["petName"] as? String == "Rex\u{FFFD}", "\(turned.text)")
            #expect(turned.json["phone"] as? String == "+48 600   Call 700", "\(turned.text)")
        }
    }

    @Test func aRelayedMessageReplacesControlCharactersAndANameCannotHideBehindInvisibleCharacters() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            let report = try await client.createAnnouncement(["contactVisibility": "RELAYED", "email": "owner@example.pl"])
            let path = APIPath.messages(AnnouncementID(report.id))
            for name in ["Pet\u{3164}Spot Team", "\u{2067}admin\u{2069}", "Mod\u{FFA0}erator"] {
                let response = try await client.send(
                    .post, path, json: Self.json(["name": name, "email": "x@example.com", "message": "Please confirm your account"]))
                #expect(response.status == .badRequest && response.error["field"] as? String == "name", "\(name.unicodeScalars.map(\.value))")
            }
            let sent = try await client.send(
                .post, path,
                json: Self.json(["name": "\u{202E}annA\u{1B}]0;x\u{7}", "email": "anna@example.com", "message": "Seen your dog\u{1B}[2J today\r\nby the park"]))
            #expect(sent.status == .accepted, "\(sent.text)")
            let mail = try #require(
                try await MailboxMessage.arrived(in: directory) { $0.contains { $0.text.contains("Seen your dog") } }
                    .first { $0.text.contains("Seen your dog") })
            #expect(mail.text.contains("Seen your dog\u{FFFD}[2J today"), "\(mail.text)")
            #expect(!mail.text.unicodeScalars.contains { $0.isControl(allowingLines: true) } && mail.text.contains("annA]0;x"))
            // Without the override, "annA" reads as typed, not reversed into something else.
            #expect(!mail.text.unicodeScalars.contains("\u{202E}"))
            // Ten characters as the contract counts them are a message, whatever they are.
            let controls = try await client.send(
                .post, path, json: Self.json(["name": "Anna", "email": "anna@example.com", "message": String(repeating: "\u{18}", count: 10)]))
            #expect(controls.status == .accepted, "\(controls.text)")
        }
    }

    @Test func aSightingsNoteReplacesControlCharacters() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let report = try await client.createAnnouncement()
            let response = try await client.send(
                .post, SightingTests.path(report.id),
                json: Self.json(["latitude": 52.2, "longitude": 21.0, "note": "By the\u{0} bakery\u{1B}[1A"]))
            #expect(response.status == .created, "\(response.text)")
            let list = try await client.send(.get, SightingTests.path(report.id))
            #expect((list.json["data"] as? [[String: Any]])?.compactMap { $0["note"] as? String } == ["By the\u{FFFD} bakery\u{FFFD}[1A"], "\(list.text)")
        }
    }

    @Test func aWebFormLongerThanTheServerTakesIsA413Page() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let body = "petName=" + String(repeating: "b", count: FormBody.maxBytes)
            let response = try await client.execute(
                uri: "/report-missing/microchip", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .acceptLanguage: "pl"], body: ByteBuffer(string: body))
            #expect(response.status == .contentTooLarge && response.text.contains("Ten formularz jest za długi"), "\(response.status)")
        }
    }

    @Test func aQueryCannotAddLinksToTheListsLinkHeader() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            for _ in 0..<2 {
                let (id, password) = try await client.createAnnouncement()
                #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
            }
            let response = try await client.send(.get, APIPath.announcements + #"?limit=1&x=a>;rel="next",<https://evil.example/steal"#)
            let link = try #require(response.headers[.init("link")!])
            #expect(link.hasPrefix("</api/v1/announcements?limit=1&x=a%3E;rel=%22next%22,%3Chttps://evil.example/steal&cursor="), "\(link)")
            #expect(link.filter { $0 == "<" }.count == 1 && link.filter { $0 == ">" }.count == 1, "\(link)")
            let nul = Base64URL.encode(Data("2026-11-29T23:29:59.178Z|\u{0}".utf8))
            #expect(try await client.send(.get, APIPath.announcements + "?limit=2&cursor=\(nul)").status == .badRequest)
        }
    }
}
