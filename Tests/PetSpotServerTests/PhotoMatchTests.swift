import Foundation
import PetSpotLooks
import HTTPTypes
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
@testable import PetSpotServer
import PetSpotTestSupport
import Testing

/// Matches ranked by photo, on a real server with the real model: eleven dogs went missing right where a
/// finder picks one up, and one 11 km away a week earlier. By place and date that one ranks twelfth, below
/// the ten owners a match e-mail reaches; once the found dog's look is made, its photo puts it first, its
/// owner is e-mailed that the photos look very alike, and both the owner's and the finder's match lists
/// show it first.
@Suite struct PhotoMatchTests {
    static let here = (52.23, 21.01)

    /// Files a dog's report with a photo; answers its id and code.
    static func file(
        _ client: any TestClientProtocol, photo: String, status: String = "MISSING", email: String, at place: (Double, Double) = here,
        lastSeen: String
    ) async throws -> (id: String, password: String) {
        let report = try await client.createAnnouncement([
            "status": status, "locationLatitude": place.0, "locationLongitude": place.1, "species": "DOG", "sex": "MALE",
            "lastSeenDate": lastSeen, "email": email,
        ])
        let upload = try await client.uploadPhoto(report.id, password: report.password, bytes: try LooksFixture.photo(photo))
        #expect(upload.status == .created || upload.status == .ok, "\(photo): \(upload.text)")
        return report
    }

    static func matches(_ client: any TestClientProtocol, of report: (id: String, password: String)) async throws -> [[String: Any]] {
        try await client.send(
            .get, APIPath.matches(AnnouncementID(report.id)), headers: [.authorization: Basic.header(report.id, report.password)]
        ).list
    }

    /// Waits until `id`'s look is made (the background job's), as search by photo shows.
    static func waitForLook(of id: String, _ client: any TestClientProtocol) async throws {
        let photo = try LooksFixture.photo("dog-bullmastiff-again.png")
        let fields = [("lat", "52.33"), ("lng", "21.01"), ("range", "5"), ("status", "MISSING")]
        for _ in 0..<50 {
            let answer = try await PhotoSearchAPITests.search(client, photo: photo, fields: fields)
            if answer.list.contains(where: { ($0["announcement"] as? [String: Any])?["id"] as? String == id }) { return }
            try await Task.sleep(for: .seconds(1))
        }
        Issue.record("the look of \(id) was not made within 50 s")
    }

    @Test func aFoundDogThatLooksLikeAMissingOneReachesItsOwner() async throws {
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, directory in
            let owner = try await Self.file(
                client, photo: "dog-bullmastiff.png", email: "owner@example.com", at: (52.33, 21.01), lastSeen: "2026-11-13")
            // The owner's report is a week old: its look was made long before the finder came.
            try await Self.waitForLook(of: owner.id, client)
            for (index, photo) in (PhotoSearchAPITests.others + ["dog-dalmatian.jpg"]).enumerated() {
                _ = try await Self.file(client, photo: photo, email: "neighbour\(index)@example.com", lastSeen: "2026-11-19")
            }
            let finder = try await Self.file(
                client, photo: "dog-bullmastiff-again.png", status: "FOUND", email: "finder@example.com", lastSeen: "2026-11-20")

            let mail = try await MailboxMessage.first(in: directory) { $0.to == "owner@example.com" && $0.subject == "Someone may have found your pet" }
            let text = try #require(mail?.text, "the owner's match e-mail")
            #expect(text.contains("PetSpot compared the two photos: looks very alike."))
            #expect(text.contains(WebRoute.details(id: finder.id).path))

            let ownersList = try await Self.matches(client, of: owner)
            // Each candidate is named by its public area, as in every other answer with a report.
            #expect(((ownersList.first?["announcement"] as? [String: Any])?["place"] as? [String: Any])?["name"] is String)
            #expect((ownersList.first?["announcement"] as? [String: Any])?["id"] as? String == finder.id)
            #expect(ownersList.first?["likeness"] as? String == "VERY_ALIKE")
            // The finder's list: the missing dogs nearby, the one that looks alike first.
            let findersList = try await Self.matches(client, of: finder)
            #expect(findersList.count == 12)
            #expect((findersList.first?["announcement"] as? [String: Any])?["id"] as? String == owner.id)
            #expect(findersList.first?["likeness"] as? String == "VERY_ALIKE")
        }
    }

    /// With photos compared, the owners near a found dog are told once its photo's look is made, not before:
    /// the first e-mail to each owner already says how alike the photos are.
    @Test func nearOwnersAreToldOnlyOnceThePhotosAreCompared() async throws {
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, directory in
            let near = (52.33, 21.01)
            let owner = try await Self.file(client, photo: "dog-bullmastiff.png", email: "near-owner@example.com", at: near, lastSeen: "2026-11-19")
            let other = try await Self.file(client, photo: "dog-dalmatian.jpg", email: "other-owner@example.com", at: near, lastSeen: "2026-11-19")
            try await Self.waitForLook(of: owner.id, client)
            try await Self.waitForLook(of: other.id, client)
            _ = try await Self.file(
                client, photo: "dog-bullmastiff-again.png", status: "FOUND", email: "finder2@example.com", at: near, lastSeen: "2026-11-20")
            let mail = try await MailboxMessage.first(in: directory) { $0.to == "near-owner@example.com" && $0.subject == "Someone may have found your pet" }
            let text = try #require(mail?.text, "the owner's match e-mail")
            #expect(text.contains("PetSpot compared the two photos: looks very alike."))
            let others = try await MailboxMessage.first(in: directory) { $0.to == "other-owner@example.com" && $0.subject == "Someone may have found your pet" }
            let othersText = try #require(others?.text, "the other dog's owner's e-mail")
            #expect(othersText.contains("PetSpot compared the two photos:") && !othersText.contains("looks very alike"))
        }
    }

    /// A stored photo the model's decoders do not read (here a TIFF; GIF, BMP, HEIC and CMYK JPEGs alike) is
    /// compared too, made a plain JPEG by libvips first: search by photo finds it, and a photo searched with
    /// that the decoders do not read (a CMYK JPEG, a GIF) is read the same way.
    @Test func aStoredPhotoTheDecodersDoNotReadIsComparedThroughLibvips() async throws {
        let model = try LooksFixture.installed()
        let vips = try #require(Thumbnails.locateTool(named: "vips"), "libvips-tools, as .ci/install.sh installs it")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("dog.png"), tiff = folder.appendingPathComponent("dog.tif")
        try Data(try LooksFixture.photo("dog-bullmastiff.png")).write(to: png)
        #expect(ToolProcess.run(vips, ["copy", png.path, tiff.path])?.succeeded == true)
        let again = folder.appendingPathComponent("again.png"), cmyk = folder.appendingPathComponent("again.jpg")
        let gif = folder.appendingPathComponent("again.gif")
        try Data(try LooksFixture.photo("dog-bullmastiff-again.png")).write(to: again)
        #expect(ToolProcess.run(vips, ["colourspace", again.path, cmyk.path, "cmyk"])?.succeeded == true)
        #expect(ToolProcess.run(vips, ["copy", again.path, gif.path])?.succeeded == true)
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, _ in
            let report = try await client.createAnnouncement(["locationLatitude": 52.33, "locationLongitude": 21.01, "species": "DOG"])
            let upload = try await client.uploadPhoto(report.id, password: report.password, bytes: [UInt8](try Data(contentsOf: tiff)), filename: "dog.tif")
            #expect(upload.status == .created || upload.status == .ok, "\(upload.text)")
            try await Self.waitForLook(of: report.id, client)
            for photo in [cmyk, gif] {
                let found = try await PhotoSearchAPITests.search(
                    client, photo: [UInt8](try Data(contentsOf: photo)), fields: [("lat", "52.33"), ("lng", "21.01")])
                #expect(found.status == .ok, "\(photo.lastPathComponent): \(found.text)")
                let first = try #require(found.list.first, "\(photo.lastPathComponent): \(found.text)")
                #expect((first["announcement"] as? [String: Any])?["id"] as? String == report.id && first["likeness"] as? String == "VERY_ALIKE")
            }
        }
    }

    /// The finder, right after filing on the web (the one-page form), sees the missing dog that may be theirs.
    @Test func aFinderSeesTheMissingPetsThatMayBeTheirsAfterFiling() async throws {
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, _ in
            let owner = try await Self.file(client, photo: "dog-bullmastiff.png", email: "owner@example.com", lastSeen: "2026-11-19")
            let cat = try await client.createAnnouncement(["status": "MISSING", "species": "CAT", "locationLatitude": 52.23, "locationLongitude": 21.01])
            _ = try await client.uploadPhoto(cat.id, password: cat.password, bytes: try LooksFixture.photo("chelsea.png"))
            let fields = OfflineReportTests.found.map { $0.0 == "latitude" ? ($0.0, "52.23") : $0.0 == "longitude" ? ($0.0, "21.01") : $0 }
            let created = try await OfflineReportTests().send(
                client, fields, photo: try LooksFixture.photo("dog-bullmastiff-again.png"), json: false)
            #expect(created.status == .created)
            #expect(created.text.contains("Missing pets nearby that may be this one"))
            #expect(created.text.contains(WebRoute.details(id: owner.id).path), "the missing dog is shown")
            #expect(!created.text.contains(WebRoute.details(id: cat.id).path), "a cat is no match for a dog")
        }
    }
}
