import Foundation
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// A report keeps the words of the kind it was filed as once it is closed: a reunited Found report's page,
/// flyer and share text say "Date found", never the missing pet's "Date of disappearance".
@Suite struct ReportKindWordingTests {
    @Test(arguments: [AnnouncementStatus.found, .missing])
    func aClosedReportKeepsItsKindsWords(kind: AnnouncementStatus) async throws {
        try await TestApp.run(configure: { $0.publicURL = "https://petspot.example" }) { client, _ throws in
            let (id, code) = try await client.createAnnouncement(["status": kind.rawValue, "microchipNumber": "123456789012345"])
            #expect(try await client.uploadPhoto(id, password: code, bytes: Fixture.jpeg).status == .created)
            let closed = try await client.send(
                .patch, APIPath.announcement(AnnouncementID(id)), json: #"{"status": "CLOSED"}"#,
                headers: [.authorization: Basic.header(id, code)])
            #expect(closed.status == .ok, "\(closed.text)")
            let page = try await client.send(.get, "/lost-pets/\(id)").text
            let flyer = try await client.send(.get, "/lost-pets/\(id)/flyer").text
            let (kept, other) = kind == .found ? ("Date found", "Date of Disappearance") : ("Date of Disappearance", "Date found")
            for (name, html) in [("page", page), ("flyer", flyer)] {
                #expect(html.contains(kept) && !html.contains(other), "\(name) of a closed \(kind) report")
                #expect(html.contains("REUNITED"), "\(name)")
            }
            // The share text of a reunited pet asks nobody to look.
            #expect(!page.contains("Have you seen it?") && !page.contains("Do you know whose pet"))
        }
    }

    @Test func anOpenFoundReportAsksWhoseItIs() async throws {
        try await TestApp.run(configure: { $0.publicURL = "https://petspot.example" }) { client, _ throws in
            let (id, code) = try await client.createAnnouncement(["status": "FOUND", "phone": "+48 600 100 200"])
            #expect(try await client.uploadPhoto(id, password: code, bytes: Fixture.jpeg).status == .created)
            let page = try await client.send(.get, "/lost-pets/\(id)").text
            #expect(page.contains("Do you know whose pet this is?") && !page.contains("Have you seen it?"))
            let flyer = try await client.send(.get, "/lost-pets/\(id)/flyer").text
            #expect(flyer.contains("Is it yours? Call") && !flyer.contains("Seen it? Call"))
        }
    }

    @Test func aReportThatTakesNoSightingsSaysSoInsteadOfNotFound() async throws {
        try await TestApp.run { client, _ throws in
            let (found, _) = try await client.createAnnouncement(["status": "FOUND"])
            let answer = try await client.send(.get, "/lost-pets/\(found)/sighting")
            #expect(answer.status == .conflict && answer.text.contains("This report takes no sightings"), "\(answer.status)")
            #expect(!answer.text.contains("does not exist"))
            let unknown = try await client.send(.get, "/lost-pets/ffffffff-ffff-ffff-ffff-ffffffffffff/sighting")
            #expect(unknown.status == .notFound)
        }
    }

    @Test func aQueuedSightingForAFoundPetIsRefusedWithItsReasonInJSON() async throws {
        try await TestApp.run { client, _ throws in
            let (found, _) = try await client.createAnnouncement(["status": "FOUND"])
            let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(OfflineReportTests.boundary)", .accept: "application/json"]
            let sighting = OfflineReportTests.multipart(
                [("latitude", "52.24"), ("longitude", "21.04"), ("note", "Seen"), ("idempotencyKey", "sighting-key-2")], photo: nil)
            let sent = try await client.execute(uri: "/lost-pets/\(found)/sighting/send", method: .post, headers: headers, body: sighting)
            #expect(sent.status == .conflict && sent.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(sent.text.contains("Sightings are for pets that are still missing"), "\(sent.text)")
        }
    }
}
