import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PetSpotAPI
import PetSpotDomain
import PetSpotLooks
import PetSpotStore
@testable import PetSpotServer
import PetSpotTestSupport
import Testing

/// Search by photo through the API, on a real server with the real model: a finder's photo of a dog finds the
/// missing dog's report first among a dozen nearby; what is far, of the other kind or unreadable is not shown;
/// without the model the feature says it is off, and how to turn it on.
@Suite struct PhotoSearchAPITests {
    static let others = [
        "dog-dalmatian.jpg", "chelsea.png", "cheetah.jpg", "lion.jpg", "quokka.jpg", "parrot.jpg", "mouse.png", "eagle.jpg", "suv.jpg",
        "deckchairs.jpg",
    ]

    static func search(
        _ client: any TestClientProtocol, photo: [UInt8]?, fields: [(String, String)] = [("lat", "52.23"), ("lng", "21.01"), ("range", "10")],
        language: String = "en"
    ) async throws -> TestResponse {
        let boundary = "petspot-photo-search"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        if let photo {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"found.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n")
            body.writeBytes(photo)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return try await client.execute(
            uri: APIPath.photoSearch, method: .post,
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .acceptLanguage: language], body: body)
    }

    /// Files a report with a photo; answers its id.
    static func file(_ client: any TestClientProtocol, photo: String, status: String = "MISSING", at place: (Double, Double) = (52.23, 21.01))
        async throws -> String
    {
        let (id, password) = try await client.createAnnouncement([
            "status": status, "locationLatitude": place.0, "locationLongitude": place.1, "species": "DOG", "lastSeenDate": "2026-11-20",
        ])
        let upload = try await client.uploadPhoto(id, password: password, bytes: try LooksFixture.photo(photo))
        #expect(upload.status == .created || upload.status == .ok, "\(photo): \(upload.text)")
        return id
    }

    /// Whether this machine's decoders read the photo's type (JPEG needs libturbojpeg; PNG and WebP are
    /// nearly everywhere): a report whose photo cannot be compared is not in a search by photo.
    static func comparable(_ photo: String) -> Bool {
        let type = photo.hasSuffix(".jpg") ? "JPEG" : photo.hasSuffix(".png") ? "PNG" : "WebP"
        return LooksModel.photoTypes.contains(type)
    }

    @Test func aFindersPhotoPutsTheMissingDogFirstAndSaysHowAlike() async throws {
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, directory in
            let dog = try await Self.file(client, photo: "dog-bullmastiff.png")
            var nearby: [String] = []
            for photo in Self.others {
                let id = try await Self.file(client, photo: photo)
                if Self.comparable(photo) { nearby.append(id) }
            }
            let found = try await Self.file(client, photo: "dog-bullmastiff.png", status: "FOUND")
            let far = try await Self.file(client, photo: "dog-bullmastiff.png", at: (50.06, 19.94))
            let again = try LooksFixture.photo("dog-bullmastiff-again.png")
            // The looks are made by the background job, soon after each upload.
            var answer = try await Self.search(client, photo: again, fields: [("lat", "52.23"), ("lng", "21.01"), ("range", "10"), ("status", "MISSING")])
            for _ in 0..<240 where answer.list.count < nearby.count + 1 {
                try await Task.sleep(for: .milliseconds(500))
                answer = try await Self.search(client, photo: again, fields: [("lat", "52.23"), ("lng", "21.01"), ("range", "10"), ("status", "MISSING")])
            }
            #expect(answer.status == .ok)
            let ids = answer.list.compactMap { ($0["announcement"] as? [String: Any])?["id"] as? String }
            #expect(ids.count == nearby.count + 1, "every missing report nearby whose photo is compared here: \(answer.text)")
            #expect(ids.first == dog, "the same dog photographed again comes first")
            #expect(!ids.contains(found) && !ids.contains(far), "neither the found report nor the one 250 km away")
            #expect(Set(ids.dropFirst()) == Set(nearby))
            let first = try #require(answer.list.first)
            #expect(first["likeness"] as? String == "VERY_ALIKE")
            #expect(first["likenessText"] as? String == "Looks very alike")
            #expect(answer.list.last?["likeness"] as? String != "VERY_ALIKE")
            let shown = try #require(first["announcement"] as? [String: Any])
            #expect(shown["email"] is NSNull && shown["phone"] is NSNull, "contacts are withheld in this list")
            // How far from the searched point: to the report's public area, never its exact point.
            let distance = try #require(first["distanceKm"] as? Double, "\(first)")
            #expect(
                distance
                    == (PublicArea.distanceKm(from: Coordinate(latitude: 52.23, longitude: 21.01), toReportAt: Coordinate(latitude: 52.23, longitude: 21.01))
                    * 100).rounded() / 100)
            #expect(answer.list.allSatisfy { ($0["distanceKm"] as? Double ?? 99) <= 10 })
            // The list's filters narrow it: every report here is a dog, lost on 2026-11-20.
            let area = [("lat", "52.23"), ("lng", "21.01"), ("range", "10"), ("status", "MISSING")]
            let cats = try await Self.search(client, photo: again, fields: area + [("species", "CAT")])
            #expect(cats.status == .ok && cats.list.isEmpty, "no cat among them: \(cats.text)")
            let later = try await Self.search(client, photo: again, fields: area + [("since", "2026-11-21")])
            #expect(later.status == .ok && later.list.isEmpty, "none lost since the 21st: \(later.text)")
            let dogs = try await Self.search(client, photo: again, fields: area + [("species", "DOG"), ("since", "2026-11-20")])
            #expect(dogs.list.count == nearby.count + 1)
            // Polish words; and the searched photo was not kept.
            let polish = try await Self.search(client, photo: again, language: "pl")
            #expect(polish.list.first?["likenessText"] as? String == "Bardzo podobne")
            let kept = try FileManager.default.contentsOfDirectory(atPath: directory.appending(path: "images").path)
            #expect(kept.count == 13, "the thirteen reports' photos, nothing of the searches: \(kept)")
        }
    }

    @Test func whatIsNotAPhotoGetsAClearAnswer() async throws {
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, _ in
            let none = try await Self.search(client, photo: nil)
            #expect(none.status == .badRequest && none.errorCode == "MISSING_FILE" && none.error["field"] as? String == "photo")
            let text = try await Self.search(client, photo: Array("not a photo at all".utf8))
            #expect(text.status == .badRequest && text.errorCode == "INVALID_FILE_FORMAT")
            var truncated = try LooksFixture.photo("chelsea.png")
            truncated.removeLast(truncated.count / 2)
            #expect(try await Self.search(client, photo: truncated).errorCode == "INVALID_FILE_FORMAT")
            var cut = try LooksFixture.photo("dog-dalmatian.jpg")
            cut.removeLast(cut.count / 2)
            #expect(try await Self.search(client, photo: cut).errorCode == "INVALID_FILE_FORMAT", "a JPEG cut off short is not guessed at")
            let badPlace = try await Self.search(client, photo: try LooksFixture.photo("chelsea.png"), fields: [("lat", "95"), ("lng", "21")])
            #expect(badPlace.status == .badRequest && badPlace.error["field"] as? String == "lat")
            let json = try await client.send(.post, APIPath.photoSearch, json: "{}")
            #expect(json.status == .badRequest)
        }
    }

    @Test func withoutTheModelSearchByPhotoIsOffAndSaysHowToTurnItOn() async throws {
        try await TestApp.run { client, directory in
            // Ready once the place names have loaded (run alone, this test may be first to load them).
            var ready = try await client.send(.get, APIPath.ready)
            for _ in 0..<60 where ready.status != .ok {
                try await Task.sleep(for: .milliseconds(500))
                ready = try await client.send(.get, APIPath.ready)
            }
            let details = try #require((ready.json["details"] as? [String: Any])?["lookAlikes"] as? [String: Any])
            #expect(details["enabled"] as? Bool == false)
            let message = try #require(details["message"] as? String)
            #expect(message.contains("Look-alikes are off") && message.contains("petspot model install"), "\(message)")
            #expect(!message.contains(directory.path), "a public answer names no path of the server's")
            let search = try await Self.search(client, photo: try LooksFixture.photo("chelsea.png"))
            #expect(search.status == .serviceUnavailable && search.errorCode == "SERVICE_UNAVAILABLE")
        }
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, _ in
            let details = (try await client.send(.get, APIPath.ready).json["details"] as? [String: Any])?["lookAlikes"] as? [String: Any]
            #expect(details?["enabled"] as? Bool == true)
        }
    }
}

/// Search by photo runs the model for every request: a client's searches are counted, and a crowd of them
/// is turned away at once instead of queueing photos without bound.
@Suite struct PhotoSearchLimitTests {
    @Test func aClientsSixtyFirstSearchIn15MinutesIsRefused() async throws {
        let model = try LooksFixture.installed()
        try await TestApp.run(configure: { $0.looksDirectory = model }) { client, _ in
            let photo = try LooksFixture.photo("mouse.png")
            for index in 1...LockoutPolicy.photoSearchClient.limit {
                let answer = try await PhotoSearchAPITests.search(client, photo: photo)
                #expect(answer.status == .ok, "search \(index)")
            }
            let refused = try await PhotoSearchAPITests.search(client, photo: photo)
            #expect(refused.status == .tooManyRequests && refused.errorCode == "TOO_MANY_REQUESTS")
            #expect(refused.error["message"] as? String == "Too many searches by photo, try again later")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    /// The model in place but ONNX Runtime not where it is looked for: off, and not told to install the model.
    @Test func aModelThatCannotBeOpenedIsNotCalledMissing() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "looks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = InMemoryStore()
        let files = LooksFiles(directory: try LooksFixture.installed(), runtime: URL(fileURLWithPath: "/nonexistent/libonnxruntime.so"))
        let looks = LooksService(
            store: store, photos: try PhotoStorage(dataDirectory: directory), notifier: nil, files: files, lockout: LockoutPolicy(store: store),
            logger: quietLogger)
        #expect(!looks.isOn && looks.status.message.contains("installed but could not be opened"), "\(looks.status.message)")
        #expect(looks.reason?.contains("no ONNX Runtime at /nonexistent") == true, "the log says which")
    }

    @Test func searchesPastTheWaitingBoundAreTurnedAwayAtOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "looks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = InMemoryStore()
        var looks = LooksService(
            store: store, photos: try PhotoStorage(dataDirectory: directory), notifier: nil, files: LooksFiles(directory: try LooksFixture.installed()),
            lockout: LockoutPolicy(store: store), logger: quietLogger)
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../Photos/mouse.png")
        #expect(try await looks.search(photo: photo, in: AnnouncementQuery(statuses: [.missing]), limit: 5, client: "a").isEmpty)
        looks.maxWaiting = 0
        await #expect(throws: LooksBusy.self) {
            try await looks.search(photo: photo, in: AnnouncementQuery(statuses: [.missing]), limit: 5, client: "b")
        }
        #expect(looks.waiting.withLockedValue { $0 } == 0, "a search turned away holds no place")
    }
}
