import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// A create sent again under its `Idempotency-Key` (a phone that lost the answer, a queued report sent
/// twice) files nothing twice: the retry answers the same report and code, even when the copies arrive
/// at once, and the code e-mail goes once.
@Suite struct RetryTests {
    static let key = HTTPField.Name("Idempotency-Key")!

    func create(_ client: any TestClientProtocol, key: String, _ overrides: [String: Any?] = [:]) async throws -> TestResponse {
        try await client.send(.post, APIPath.announcements, json: Fixture.createBody(overrides), headers: [Self.key: key])
    }

    @Test func aRetryAnswersTheSameReportAndCodeAndFilesOnce() async throws {
        try await TestApp.run(everyDatabase: true) { client, directory throws in
            let first = try await create(client, key: "offline-7d0f2c1e-report")
            let again = try await create(client, key: "offline-7d0f2c1e-report")
            #expect(first.status == .created && again.status == .created)
            let id = try #require(first.json["id"] as? String)
            #expect(again.json["id"] as? String == id)
            let code = try #require(first.json["managementPassword"] as? String)
            #expect(again.json["managementPassword"] as? String == code)
            #expect(code.wholeMatch(of: /[1-9]\d{5}/) != nil)
            // The code works: the owner can change the report with it.
            let patch = try await client.send(
                .patch, APIPath.announcement(AnnouncementID(id)), json: #"{"reward":"100 PLN"}"#, headers: [.authorization: Basic.header(id, code)])
            #expect(patch.status == .ok)
            #expect(try await client.uploadPhoto(id, password: code, bytes: Fixture.jpeg).status == .created)
            #expect(try await client.send(.get, APIPath.announcements).listIDs == [id], "one report in the list")
            let mails = try await MailboxMessage.arrived(in: directory) { $0.count >= 1 }
            try await Task.sleep(for: .milliseconds(300))
            let all = try MailboxMessage.all(in: directory)
            #expect(mails.count == 1 && all.count == 1, "one code e-mail")
            // Without the key, the same body is a second report.
            let plain = try await client.send(.post, APIPath.announcements, json: Fixture.createBody())
            #expect(plain.status == .created && plain.json["id"] as? String != id)
        }
    }

    @Test func copiesArrivingAtOnceFileOneReport() async throws {
        try await TestApp.run(everyDatabase: true) { client, _ throws in
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<6 { group.addTask { try await create(client, key: "same-key-at-once-0001") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .created })
            #expect(Set(answers.compactMap { $0.json["id"] as? String }).count == 1)
            #expect(Set(answers.compactMap { $0.json["managementPassword"] as? String }).count == 1)
        }
    }

    @Test func aKeyReusedForAnotherReportOrMalformedIsRefused() async throws {
        try await TestApp.run { client, _ throws in
            #expect(try await create(client, key: "key-of-the-dog").status == .created)
            let other = try await create(client, key: "key-of-the-dog", ["species": "Cat"])
            #expect(other.status == .conflict && other.errorCode == "CONFLICT" && other.error["field"] as? String == "Idempotency-Key")
            for bad in ["", "has space", String(repeating: "k", count: 256), "zażółć"] {
                let response = try await create(client, key: bad)
                #expect(response.status == .badRequest && response.error["field"] as? String == "Idempotency-Key", "\(bad)")
            }
        }
    }

    @Test func aDeletedReportsKeyFilesNothingNew() async throws {
        try await TestApp.run { client, _ throws in
            let first = try await create(client, key: "key-then-deleted")
            let id = try #require(first.json["id"] as? String), code = try #require(first.json["managementPassword"] as? String)
            let deleted = try await client.send(.delete, APIPath.announcement(AnnouncementID(id)), headers: [.authorization: Basic.header(id, code)])
            #expect(deleted.status == .noContent)
            let again = try await create(client, key: "key-then-deleted")
            #expect(again.status == .conflict && again.error["field"] as? String == "Idempotency-Key")
        }
    }
}
