import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
import PetSpotServer
import Testing

/// Deletion and changes by the owner (management password) and the operator (admin token), and the
/// lock-out that stops password guessing.
@Suite struct OwnerAndAdminTests {
    @Test func adminDeletesWithTheConfiguredTokenOnBothRoutes() async throws {
        try await TestApp.run(fixtures: AnnouncementAPITests.seed([Fixture.azor, Fixture.filemon])) { client, _ throws in
            let azor = "\(APIPath.adminAnnouncements)/\(Fixture.azorID)"
            let missing = try await client.send(.delete, azor)
            #expect(missing.status == .unauthorized && missing.errorCode == "UNAUTHENTICATED")
            #expect(missing.error["message"] as? String == "Missing Authorization header")
            let wrong = try await client.send(.delete, azor, headers: [.authorization: "wrongtoken"])
            #expect(wrong.status == .unauthorized && wrong.error["message"] as? String == "Invalid admin token")
            let legacy = try await client.send(.delete, azor, headers: [.authorization: "tajnehasloadmina"])
            #expect(legacy.status == .unauthorized)
            #expect(try await client.send(.get, APIPath.announcements).listIDs.count == 2)

            let deleted = try await client.send(.delete, azor, headers: [.authorization: TestApp.adminToken])
            #expect(deleted.status == .noContent && deleted.body.readableBytes == 0)
            #expect(try await client.send(.get, APIPath.announcements).listIDs == [Fixture.filemonID])
            let again = try await client.send(.delete, azor, headers: [.authorization: TestApp.adminToken])
            #expect(again.status == .notFound && again.errorCode == "NOT_FOUND")
            let bearer = try await client.send(
                .delete, "\(APIPath.announcements)/\(Fixture.filemonID)",
                headers: [.authorization: "Bearer \(TestApp.adminToken)"])
            #expect(bearer.status == .noContent)
        }
    }

    @Test func adminDeletionIsRefusedWhenNoTokenIsConfigured() async throws {
        try await TestApp.run(adminToken: nil, fixtures: AnnouncementAPITests.seed([Fixture.azor])) { client, _ throws in
            for token in ["", "tajnehasloadmina", TestApp.adminToken] {
                let response = try await client.send(
                    .delete, "\(APIPath.adminAnnouncements)/\(Fixture.azorID)",
                    headers: token.isEmpty ? [:] : [.authorization: token])
                #expect(response.status == .unauthorized)
            }
            #expect(try await client.send(.get, "\(APIPath.announcements)/\(Fixture.azorID)").status == .ok)
        }
    }

    @Test func ownerDeletesWithTheManagementPasswordAndThePhotoGoes() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            _ = try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg)
            let path = APIPath.announcement(AnnouncementID(id))
            let wrong = try await client.send(.delete, path, headers: [.authorization: Basic.header(id, "000000")])
            #expect(wrong.status == .forbidden && wrong.errorCode == "UNAUTHORIZED")
            let unknown = try await client.send(
                .delete, APIPath.announcement(AnnouncementID("nope")),
                headers: [.authorization: Basic.header("nope", password)])
            // The contract: an id that does not exist is 404 whatever the code, for DELETE as for PATCH.
            #expect(unknown.status == .notFound && unknown.errorCode == "NOT_FOUND")
            let unknownPatch = try await client.send(
                .patch, APIPath.announcement(AnnouncementID("nope")), json: #"{"petName":"Rex"}"#,
                headers: [.authorization: Basic.header("nope", password)])
            #expect(unknownPatch.status == .notFound && unknownPatch.errorCode == "NOT_FOUND")
            let deleted = try await client.send(.delete, path, headers: [.authorization: Basic.header(id, password)])
            #expect(deleted.status == .noContent)
            let again = try await client.send(.delete, path, headers: [.authorization: Basic.header(id, password)])
            #expect(again.status == .notFound && again.errorCode == "NOT_FOUND")
            let againPatch = try await client.send(.patch, path, json: #"{"petName":"Rex"}"#, headers: [.authorization: Basic.header(id, password)])
            #expect(againPatch.status == .notFound && againPatch.errorCode == "NOT_FOUND")
            #expect(try await client.send(.get, path).status == .notFound)
            let images = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("images").path)
            #expect(images.isEmpty)
        }
    }

    @Test func ownerEditsFreeTextAndStatus() async throws {
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement(["petName": "Rex", "reward": "50 PLN"])
            let path = APIPath.announcement(AnnouncementID(id))
            let auth: HTTPFields = [.authorization: Basic.header(id, password)]
            let changed = try await client.send(.patch, path, json: #"{"status":"FOUND","description":" Found <b>safe</b> ","reward":null}"#, headers: auth)
            #expect(changed.status == .ok)
            #expect(changed.json["status"] as? String == "FOUND" && changed.json["description"] as? String == "Found safe")
            #expect(changed.json["reward"] is NSNull && changed.json["petName"] as? String == "Rex")
            #expect(changed.json.count == 20, "18 keys, the place and the contact visibility")
            let invalid = try await client.send(.patch, path, json: #"{"status":"LOST"}"#, headers: auth)
            #expect(invalid.status == .badRequest && invalid.error["field"] as? String == "status")
            let unknownKey = try await client.send(.patch, path, json: #"{"species":"CAT"}"#, headers: auth)
            #expect(unknownKey.status == .badRequest && unknownKey.errorCode == "INVALID_FIELD")
            let noAuth = try await client.send(.patch, path, json: #"{"status":"CLOSED"}"#)
            #expect(noAuth.status == .unauthorized)
            #expect(try await client.send(.get, path).json["status"] as? String == "FOUND")
        }
    }

    @Test func tenWrongPasswordsLockTheReportEvenForTheRightOne() async throws {
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            let path = APIPath.announcement(AnnouncementID(id))
            let firstGuess = Date()
            for attempt in 0..<10 {
                let response = try await client.send(.patch, path, json: "{}", headers: [.authorization: Basic.header(id, String(100_000 + attempt))])
                #expect(response.status == .forbidden)
            }
            let locked = try await client.send(.patch, path, json: "{}", headers: [.authorization: Basic.header(id, password)])
            #expect(locked.status == .tooManyRequests && locked.errorCode == "TOO_MANY_REQUESTS")
            // Until the oldest counted guess is 15 minutes old: 900 s less the time the guesses took (which
            // a busy machine stretches).
            let retryAfter = try #require(locked.headers[.retryAfter].flatMap { Int($0) })
            let elapsed = Int(Date().timeIntervalSince(firstGuess).rounded(.up))
            #expect(retryAfter >= 900 - elapsed - 1 && retryAfter <= 900, "Retry-After \(retryAfter) after \(elapsed) s")
            let upload = try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg)
            #expect(upload.status == .tooManyRequests)
            let delete = try await client.send(.delete, path, headers: [.authorization: Basic.header(id, password)])
            #expect(delete.status == .tooManyRequests)
            // Another report is not locked by this one's failures.
            let (other, otherPassword) = try await client.createAnnouncement()
            #expect(try await client.uploadPhoto(other, password: otherPassword, bytes: Fixture.jpeg).status == .created)
        }
    }

    /// Strangers' wrong codes hold a report's code for their network only (an owner on another line still
    /// gets in); fifty from anywhere in a day hold it for everyone until the day's first leaves the count.
    @Test func wrongCodesHoldTheirNetworkThenEveryoneForTheDay() async throws {
        try await TestApp.run(live: true, configure: { $0.trustedProxies = try! TrustedProxies("127.0.0.0/8, ::1") }) { client, _ in
            let (id, password) = try await client.createAnnouncement()
            let path = APIPath.announcement(AnnouncementID(id))
            func patch(_ code: String, from address: String) async throws -> TestResponse {
                try await client.send(.patch, path, json: "{}", headers: [.authorization: Basic.header(id, code), ConsoleBrowser.forwarded: address])
            }
            for attempt in 0..<10 { #expect(try await patch(String(100_000 + attempt), from: "203.0.113.\(attempt + 1)").status == .forbidden) }
            #expect(try await patch(password, from: "203.0.113.99").status == .tooManyRequests, "the strangers' /24 is held")
            #expect(try await patch(password, from: "198.51.100.7").status == .ok, "the owner elsewhere is not")
            for attempt in 10..<50 {
                let status = try await patch(String(100_000 + attempt), from: "198.18.\(attempt / 10).1").status
                #expect(status == .forbidden)
            }
            let held = try await patch(password, from: "192.0.2.1")
            #expect(held.status == .tooManyRequests)
            #expect(Int(held.headers[.retryAfter] ?? "") ?? 0 > 23 * 3600, "held for the day")
        }
    }

    /// 32 wrong codes over 4 reports (none locked on its own) lock neither another owner nor a login
    /// from the same address; spraying past the client's budget of 50 is stopped.
    @Test func aClientGuessingAcrossReportsIsStoppedWithoutLockingOthers() async throws {
        try await TestApp.run { client, _ throws in
            var reports: [(String, String)] = []
            for _ in 0..<7 { reports.append(try await client.createAnnouncement()) }
            func guess(_ attempt: Int) async throws -> Int {
                let (id, _) = reports[attempt % 6]
                return try await client.send(
                    .delete, APIPath.announcement(AnnouncementID(id)),
                    headers: [.authorization: Basic.header(id, "111111")]
                ).status.code
            }
            var statuses: [Int] = []
            for attempt in 0..<32 { statuses.append(try await guess(attempt)) }
            #expect(statuses.allSatisfy { $0 == 403 })
            let (other, otherCode) = reports[6]
            #expect(try await client.uploadPhoto(other, password: otherCode, bytes: Fixture.jpeg).status == .created)
            #expect(try await client.send(.post, APIPath.users, json: #"{"email":"ok@example.com","password":"password123"}"#).status == .created)
            #expect(try await client.send(.post, APIPath.login, json: #"{"email":"ok@example.com","password":"password123"}"#).status == .ok)
            for attempt in 32..<51 { statuses.append(try await guess(attempt)) }
            #expect(statuses.prefix(50).allSatisfy { $0 == 403 } && statuses.last == 429)
        }
    }

    @Test func unparsableStoredHashIsAFailedCheckNot500() async throws {
        let fixtures: @Sendable (any PetSpotStorage) async throws -> Void = { store in
            var broken = Fixture.azor
            broken.photoURL = nil
            try await store.create(broken, passwordHash: "test_hash_1")
            var odd = Fixture.filemon
            odd.microchipNumber = "1"
            try await store.create(odd, passwordHash: "abcd:abc")
        }
        try await TestApp.run(fixtures: fixtures) { client, _ throws in
            for id in [Fixture.azorID, Fixture.filemonID] {
                let response = try await client.uploadPhoto(id, password: "password", bytes: Fixture.jpeg)
                #expect(response.status == .forbidden && response.errorCode == "UNAUTHORIZED")
            }
        }
    }
}
