import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// Sightings through the API and the web form, on SQLite and PostgreSQL.
@Suite struct SightingTests {
    static func path(_ id: String) -> String { APIPath.announcement(AnnouncementID(id)) + "/sightings" }

    @Test func aSightingReachesTheTimelineAndTheOwnerOnceAndTheWatcherWhenFound() async throws {
        try await TestApp.run { client, directory throws in
            let report = try await client.createAnnouncement(["email": "owner@example.pl", "petName": "Burek"])
            let body = #"{"latitude": 52.22971, "longitude": 21.01224, "note": "Running towards the park", "email": "walker@example.com"}"#
            let created = try await client.send(.post, Self.path(report.id), json: body)
            #expect(created.status == .created, "\(created.text)")
            // The area, never the point given; the place named; the watcher's address nowhere.
            #expect(created.json["latitude"] as? Double == 52.23 && created.json["longitude"] as? Double == 21.01)
            #expect((created.json["place"] as? [String: Any])?["name"] != nil)
            #expect(!created.text.contains("walker@example.com"))
            let second = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52.2, "longitude": 21.0, "note": "Second one"}"#)
            #expect(second.status == .created)
            let list = try await client.send(.get, Self.path(report.id))
            let notes = (list.json["data"] as? [[String: Any]])?.compactMap { $0["note"] as? String }
            #expect(notes?.count == 2 && !list.text.contains("walker@example.com"))

            // The owner hears once now; what came after waits out the ten minutes, folded into one.
            let messages = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.subject.contains("New sighting") } }
            try await Task.sleep(for: .milliseconds(300))
            let notices = try MailboxMessage.all(in: directory).filter { $0.subject.contains("New sighting") }
            #expect(notices.count == 1 && notices[0].to == "owner@example.pl", "\(messages.map(\.subject))")
            #expect(notices.first?.text.contains("Running towards the park") == true)
            #expect(notices.first?.text.contains("/lost-pets/\(report.id)#sightings") == true)

            // The owner hides one (with the code); it leaves the public list.
            let sightingID = try #require(created.json["id"] as? String)
            let hidePath = Self.path(report.id) + "/" + sightingID
            let wrong = try await client.send(.patch, hidePath, json: #"{"hidden": true}"#, headers: [.authorization: Basic.header(report.id, "000000")])
            #expect(wrong.status == .forbidden)
            let hidden = try await client.send(
                .patch, hidePath, json: #"{"hidden": true}"#,
                headers: [.authorization: Basic.header(report.id, report.password)])
            #expect(hidden.status == .ok && hidden.json["hidden"] as? Bool == true)
            #expect(try await client.send(.get, Self.path(report.id)).json["data"].map { ($0 as? [Any])?.count } == 1)
            let owner = try await client.send(.get, Self.path(report.id), headers: [.authorization: Basic.header(report.id, report.password)])
            #expect((owner.json["data"] as? [Any])?.count == 2)

            // Reunited: the walker is told, once.
            let closed = try await client.send(
                .patch, APIPath.announcement(AnnouncementID(report.id)), json: #"{"status": "CLOSED"}"#,
                headers: [.authorization: Basic.header(report.id, report.password)])
            #expect(closed.status == .ok)
            let told = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == "walker@example.com" } }
            #expect(told.filter { $0.to == "walker@example.com" }.count == 1)
            #expect(told.first { $0.to == "walker@example.com" }?.subject == "Good news: a pet you saw is home")
            // A closed report takes no more sightings.
            let late = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52.2, "longitude": 21.0}"#)
            #expect(late.status == .conflict)
        }
    }

    @Test func badSightingsAreRefusedWithTheirField() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let report = try await client.createAnnouncement()
            let future = Timestamp.string(Date().addingTimeInterval(3600))
            for (body, field) in [
                (#"{"longitude": 21.0}"#, "latitude"), (#"{"latitude": 95, "longitude": 21.0}"#, "latitude"),
                // The coordinate at fault is named, as in a report's (found by a contract audit).
                (#"{"latitude": 52.0}"#, "longitude"), (#"{"latitude": 52, "longitude": -181}"#, "longitude"),
                (#"{"latitude": "52", "longitude": 21.0}"#, "latitude"),
                (#"{"latitude": 52, "longitude": 21.0, "seenAt": "\#(future)"}"#, "seenAt"),
                (#"{"latitude": 52, "longitude": 21.0, "seenAt": "yesterday"}"#, "seenAt"),
                // The API's `seenAt` is `format: date-time`: a blank or a time without its zone is no instant.
                (#"{"latitude": 52, "longitude": 21.0, "seenAt": ""}"#, "seenAt"),
                (#"{"latitude": 52, "longitude": 21.0, "seenAt": "2025-11-20T10:00"}"#, "seenAt"),
                (#"{"latitude": 52, "longitude": 21.0, "seenAt": " \#(Timestamp.string(Date()))"}"#, "seenAt"),
                (#"{"latitude": 52, "longitude": 21.0, "note": "\#(String(repeating: "a", count: 501))"}"#, "note"),
                (#"{"latitude": 52, "longitude": 21.0, "email": "nope"}"#, "email"),
                (#"{"latitude": 52, "longitude": 21.0, "phone": "600"}"#, "phone"),
            ] {
                let response = try await client.send(.post, Self.path(report.id), json: body)
                #expect(response.status == .badRequest && response.error["field"] as? String == field, "\(body): \(response.text)")
            }
            let range = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52, "longitude": -181}"#)
            #expect(range.errorCode == "INVALID_FORMAT" && range.error["message"] as? String == "longitude must be between -180 and 180")
            #expect(try await client.send(.post, Self.path("no-such-report"), json: #"{"latitude": 52, "longitude": 21}"#).status == .notFound)
            let found = try await client.createAnnouncement(["status": "FOUND"])
            #expect(try await client.send(.post, Self.path(found.id), json: #"{"latitude": 52, "longitude": 21}"#).status == .conflict)
            // Twenty per client in fifteen minutes (the bad ones above spent nothing).
            // An RFC 3339 time in another zone, lower-case letters allowed, is read as that instant.
            let instant = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 7200).rounded(.down))
            let format = DateFormatter()
            (format.locale, format.timeZone, format.dateFormat) = (
                Locale(identifier: "en_US_POSIX"), TimeZone(secondsFromGMT: 7200), "yyyy-MM-dd't'HH:mm:ssxxx"
            )
            let zoned = try await client.send(
                .post, Self.path(report.id), json: #"{"latitude": 52, "longitude": 21, "seenAt": "\#(format.string(from: instant))"}"#)
            #expect(zoned.status == .created && zoned.json["seenAt"] as? String == Timestamp.string(instant), "\(zoned.text)")
            for index in 0..<19 {
                let ok = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52, "longitude": 21, "note": "n\#(index)"}"#)
                #expect(ok.status == .created)
            }
            let limited = try await client.send(.post, Self.path(report.id), json: #"{"latitude": 52, "longitude": 21}"#)
            #expect(limited.status == .tooManyRequests && limited.headers[.retryAfter] != nil)
        }
    }

    @Test func aSightingWithAPhotoFromTheWebFormIsShownOnThePageAndTheMap() async throws {
        try await TestApp.run { client, _ throws in
            let report = try await client.createAnnouncement(["petName": "Burek"])
            var browser = RelayBrowser(client: client)
            let form = try await browser.get("/lost-pets/\(report.id)/sighting")
            #expect(form.contains("Report a sighting") && form.contains("enctype=\"multipart/form-data\""))
            let fields = [
                "seenAt": "2020-01-01T10:00", "place": "", "latitude": "52,2297", "longitude": "21,0122",
                "note": "Under a <b>bench</b>", "tzOffset": "60", "website": "",
            ]
            let refused = try await browser.postMultipart("/lost-pets/\(report.id)/sighting", fields, photo: nil)
            #expect(refused.status == .badRequest && refused.body.contains("older than a year"))
            // No place and no point: told at the place box, where a person types it.
            var nowhere = fields
            (nowhere["seenAt"], nowhere["latitude"], nowhere["longitude"]) = ("", "", "")
            let unplaced = try await browser.postMultipart("/lost-pets/\(report.id)/sighting", nowhere, photo: nil)
            let placeError = try #require(unplaced.body.firstMatch(of: /id="field-place-error"[^>]*>([^<]*)/)).1
            #expect(unplaced.status == .badRequest && placeError.contains("Tell us where"), "\(placeError)")
            var good = fields
            good["seenAt"] = ""
            let added = try await browser.postMultipart("/lost-pets/\(report.id)/sighting", good, photo: Fixture.jpeg)
            // Sent, it leads to the report's page, so a reload there sends nothing again; that page thanks the sender.
            #expect(added.status == .seeOther && added.location == "/lost-pets/\(report.id)?notice=sighting")
            #expect(try await browser.get("/lost-pets/\(report.id)?notice=sighting").contains("Your sighting is on the timeline"))
            let page = try await browser.get("/lost-pets/\(report.id)")
            #expect(!page.contains("Your sighting is on the timeline"))
            // Markup is stripped from notes, as from report text.
            #expect(page.contains("data-testid=\"timeline\"") && page.contains("Under a bench") && !page.contains("&lt;b&gt;"))
            let photo = try #require(page.firstMatch(of: /src="(\/images\/sighting-[^"?]+)\?w=400"/)).1
            let served = try await client.send(.get, String(photo))
            #expect(served.status == .ok && served.headers[.contentType] == "image/jpeg")
            // Without the form's token nothing is taken.
            let forged = try await client.executeRequest(
                uri: "/lost-pets/\(report.id)/sighting?token=forged", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=x"], body: ByteBuffer(string: "--x--\r\n"))
            #expect(forged.status == .forbidden)
            #expect(try await client.send(.get, Self.path(report.id)).json["data"].map { ($0 as? [Any])?.count } == 1)
        }
    }
}

extension RelayBrowser {
    /// Posts `fields` (and a photo) as the sighting form does: multipart, the token in the query.
    mutating func postMultipart(
        _ uri: String, _ fields: [String: String], photo: [UInt8]?
    ) async throws -> (status: HTTPResponse.Status, body: String, location: String?) {
        let boundary = "petspot-form-boundary"
        var body = ByteBuffer()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        if let photo {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"seen.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n")
            body.writeBytes(photo)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        let response = try await client.executeRequest(
            uri: uri + "?token=" + token, method: .post,
            headers: [.cookie: cookie, .contentType: "multipart/form-data; boundary=\(boundary)"],
            body: body)
        return (response.status, String(buffer: response.body), response.headers[.location])
    }
}
