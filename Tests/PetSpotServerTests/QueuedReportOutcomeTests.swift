import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// What the phone's queue is told when it sends a report: a refusal it can show and the person can fix
/// (409, 413) or a wait it honours (429 with `Retry-After`), never a 500; whether the code went by
/// e-mail; and one report and one code e-mail however many copies of it arrive at once.
@Suite struct QueuedReportOutcomeTests {
    typealias Offline = OfflineReportTests

    func send(_ client: any TestClientProtocol, _ fields: [(String, String)], photo: [UInt8] = Fixture.png) async throws -> TestResponse {
        try await client.execute(
            uri: "/report-found/send", method: .post,
            headers: [.contentType: "multipart/form-data; boundary=\(Offline.boundary)", .accept: "application/json"],
            body: Offline.multipart(fields, photo: photo))
    }

    func problem(_ response: TestResponse) -> (field: String?, message: String?) {
        let first = (response.json["errors"] as? [[String: String]])?.first
        return (first?["field"], first?["message"])
    }

    @Test func refusalsAreAnswersTheQueueCanShowNotServerErrors() async throws {
        try await TestApp.run(on: .sqlite, configure: { $0.reportLimit = 2 }) { client, _ throws in
            let chip = Offline.found + [("collar", "985112345678901")]
            #expect(try await send(client, chip + [("idempotencyKey", "first")]).status == .created)
            let taken = try await send(client, chip + [("idempotencyKey", "second")])
            #expect(taken.status == .conflict && problem(taken).field == "collar", "\(taken.status) \(taken.text)")
            let big = Array(Fixture.png.prefix(16)) + [UInt8](repeating: 0, count: MultipartPhotoReader.maxPhotoBytes + 1)
            let large = try await send(client, Offline.found + [("idempotencyKey", "third")], photo: big)
            #expect(large.status == .contentTooLarge && problem(large) == ("photo", "File size exceeds 20MB limit"), "\(large.text)")
            // The refused chip spent the client's second report; the third waits, and is told how long.
            let limited = try await send(client, Offline.found + [("idempotencyKey", "fourth")])
            #expect(limited.status == .tooManyRequests && Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0, "\(limited.status)")
            // Without JavaScript: the form again, with what was typed and why, never "Something went wrong".
            let page = try await client.execute(
                uri: "/report-found/send", method: .post, headers: [.contentType: "multipart/form-data; boundary=\(Offline.boundary)"],
                body: Offline.multipart(Offline.found, photo: Fixture.png))
            #expect(page.status == .tooManyRequests && page.text.contains("A beagle found without signal") && !page.text.contains("Something went wrong"))
        }
    }

    /// A key that filed another report, or whose report was removed since, is told as such (409, 410), so
    /// the queue shows why and stops sending it; never a 500 that it would send again for ever.
    @Test func aKeyUsedBeforeIsToldNotAnError() async throws {
        try await TestApp.run { client, _ throws in
            let first = try await send(client, Offline.found + [("idempotencyKey", "kept-1")])
            #expect(first.status == .created)
            let changed = Offline.found.map { $0.0 == "description" ? ($0.0, "Another dog altogether") : $0 }
            let reused = try await send(client, changed + [("idempotencyKey", "kept-1")])
            #expect(reused.status == .conflict && problem(reused).message?.contains("sent before with other answers") == true, "\(reused.text)")
            let id = try #require(first.json["id"] as? String), code = try #require(first.json["managementCode"] as? String)
            let deleted = try await client.send(.delete, APIPath.announcement(AnnouncementID(id)), headers: [.authorization: Basic.header(id, code)])
            #expect(deleted.status == .noContent || deleted.status == .ok, "\(deleted.status)")
            let gone = try await send(client, Offline.found + [("idempotencyKey", "kept-1")])
            #expect(gone.status == .gone && problem(gone).message?.contains("has since been removed") == true, "\(gone.text)")
        }
    }

    @Test func theQueueIsToldWhetherTheCodeWentByEmail() async throws {
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let first = try await send(client, Offline.found + [("idempotencyKey", "mailed-1")])
            let second = try await send(client, Offline.found + [("idempotencyKey", "mailed-2")])
            #expect(first.json["codeMailed"] as? Bool == true)
            // One code e-mail a day to an address: the second code is the phone's to show, and it says so.
            #expect(second.status == .created && second.json["codeMailed"] as? Bool == false)
            // A retry cannot tell whether the first send's e-mail went: it says neither (null), never "not
            // e-mailed" for a code that was (found by an audit).
            let again = try await send(client, Offline.found + [("idempotencyKey", "mailed-1")])
            #expect(again.status == .created && again.json["id"] as? String == first.json["id"] as? String)
            #expect(again.json.keys.contains("codeMailed") && again.json["codeMailed"] is NSNull, "\(again.text)")
        }
    }

    @Test func copiesSentAtOnceFileOneReportWithOneCodeEmail() async throws {
        try await TestApp.run(on: .sqlite) { client, directory throws in
            for round in 0..<3 {
                let email = "race\(round)@example.com"
                let fields = Offline.found.filter { $0.0 != "email" } + [("email", email), ("idempotencyKey", "race-\(round)")]
                let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    for _ in 0..<4 { group.addTask { try await send(client, fields) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.allSatisfy { $0.status == .created } && Set(answers.compactMap { $0.json["id"] as? String }).count == 1)
                let mails = try await MailboxMessage.arrived(in: directory) { $0.contains { $0.to == email } }
                try await Task.sleep(for: .milliseconds(300))
                #expect(try MailboxMessage.all(in: directory).filter { $0.to == email }.count == 1, "round \(round): \(mails.count)")
            }
        }
    }
}
