import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotTestSupport
import Testing

/// Health, headers every answer carries, CORS, and the data surviving a restart.
@Suite struct ServerBehaviourTests {
    @Test func healthAndSecurityHeadersAndRequestID() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.get, APIPath.health)
            #expect(response.status == .ok && response.json["status"] as? String == "ok")
            #expect((response.json["timestamp"] as? String).flatMap(Timestamp.date) != nil)
            let id = try #require(response.headers[.init("request-id")!])
            #expect(id.wholeMatch(of: /[A-Za-z0-9]{10}/) != nil)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.init("X-Frame-Options")!] == "SAMEORIGIN")
            #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer")
            #expect(response.headers[.init("X-Powered-By")!] == nil)
            let other = try await client.send(.get, APIPath.health)
            #expect(other.headers[.init("request-id")!] != id)
            // A web page sends its real Origin with its own forms (the offline queue's check relies on it).
            let page = try await client.send(.get, "/")
            #expect(page.headers[values: .init("Referrer-Policy")!] == ["same-origin"])
        }
    }

    /// As the old backend's `cors()`: any origin, on every answer; a preflight on any path echoes the
    /// headers the page asks to send, so a page elsewhere can send `Idempotency-Key`.
    @Test func corsAllowsAnyOriginAndAnswersPreflight() async throws {
        try await TestApp.run { client, _ throws in
            let asked = "content-type, idempotency-key"
            for path in [APIPath.announcements, "/api/v1/no-such-path"] {
                let preflight = try await client.send(
                    .options, path,
                    headers: [.origin: "https://app.example", .accessControlRequestMethod: "POST", .accessControlRequestHeaders: asked])
                #expect(preflight.status == .noContent)
                #expect(preflight.headers[.accessControlAllowOrigin] == "*")
                #expect(preflight.headers[.accessControlAllowMethods] == "GET,HEAD,PUT,PATCH,POST,DELETE")
                #expect(preflight.headers[.accessControlAllowHeaders] == asked)
                #expect(preflight.headers[.accessControlAllowCredentials] == nil)
            }
            // Not a list of header names: not echoed.
            let odd = try await client.send(.options, APIPath.announcements, headers: [.accessControlRequestHeaders: "x-a; <b>"])
            #expect(odd.status == .noContent && odd.headers[.accessControlAllowHeaders] == nil)
            let get = try await client.send(.get, APIPath.announcements, headers: [.origin: "https://app.example"])
            let missing = try await client.send(.get, "\(APIPath.announcements)/nope")
            #expect([get, missing].allSatisfy { $0.headers[.accessControlAllowOrigin] == "*" })
            #expect(missing.status == .notFound)
            // The web's pages and the admin routes are not for other sites: no CORS, so a browser lets no other
            // site read a page (its contacts, from its visitors' addresses) nor preflight an admin deletion.
            let page = try await client.send(.get, "/", headers: [.origin: "https://elsewhere.example"])
            let admin = try await client.send(
                .options, "\(APIPath.adminAnnouncements)/\(UUID().uuidString.lowercased())",
                headers: [.origin: "https://elsewhere.example", .accessControlRequestMethod: "DELETE", .accessControlRequestHeaders: "authorization"])
            let webPreflight = try await client.send(.options, "/report-missing/contact", headers: [.accessControlRequestMethod: "POST"])
            #expect(page.status == .ok && admin.status == .noContent && webPreflight.status == .noContent)
            #expect([page, admin, webPreflight].allSatisfy { $0.headers[.accessControlAllowOrigin] == nil && $0.headers[.accessControlAllowMethods] == nil })
        }
    }

    /// As the old backend (Express): JSON answers carry a weak ETag of their body, and a GET naming it
    /// in `If-None-Match` gets 304 with no body, until the report changes.
    @Test func jsonAnswersCarryAWeakETagAndRevalidateTo304() async throws {
        try await TestApp.run { client, _ throws in
            let empty = try await client.send(.get, APIPath.announcements)
            #expect(empty.text == #"{"data":[]}"# && empty.headers[.eTag] == #"W/"b-EFAlOux7Kcr/ZEgGkn2r+oFAbu4""#)
            let (id, password) = try await client.createAnnouncement()
            let path = APIPath.announcement(AnnouncementID(id))
            let first = try await client.send(.get, path)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("W/\"") && first.status == .ok)
            let unchanged = try await client.send(.get, path, headers: [.ifNoneMatch: #"W/"nope", "# + tag])
            #expect(unchanged.status == .notModified && unchanged.body.readableBytes == 0 && unchanged.headers[.eTag] == tag)
            #expect(unchanged.headers[.contentType] == nil && unchanged.headers[.accessControlAllowOrigin] == "*")
            let strong = try await client.send(.get, path, headers: [.ifNoneMatch: String(tag.dropFirst(2))])
            #expect(strong.status == .notModified, "compared weakly")
            let noCache = try await client.send(.get, path, headers: [.ifNoneMatch: tag, .cacheControl: "no-cache"])
            let other = try await client.send(.get, path, headers: [.ifNoneMatch: #"W/"nope""#])
            #expect(noCache.status == .ok && other.status == .ok && other.body == first.body)
            let edit = try await client.send(
                .patch, path, json: #"{"description":"now with a red collar"}"#, headers: [.authorization: Basic.header(id, password)])
            #expect(edit.status == .ok)
            let changed = try await client.send(.get, path, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok && changed.headers[.eTag] != tag)
            // The list, kept in memory, revalidates the same way.
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
            let list = try await client.send(.get, APIPath.announcements)
            let listTag = try #require(list.headers[.eTag])
            #expect(try await client.send(.get, APIPath.announcements, headers: [.ifNoneMatch: listTag]).status == .notModified)
        }
    }

    @Test func openAPIDocumentIsServed() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.get, APIPath.openAPI)
            #expect(response.status == .ok)
            #expect(response.json["openapi"] as? String == "3.1.0")
        }
    }

    @Test func restartOnTheSameDataDirKeepsEveryReportAndPhoto() async throws {
        try await TestStorage.each { storage in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-restart-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let created = LockedIDs()
            try await TestApp.run(on: storage, dataDirectory: directory) { client, _ throws in
                for i in 0..<3 {
                    let (id, password) = try await client.createAnnouncement(["petName": "Pet \(i)"])
                    #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
                    created.append(id)
                }
            }
            try await TestApp.run(on: storage, dataDirectory: directory) { client, _ throws in
                let list = try await client.send(.get, APIPath.announcements)
                #expect(Set(list.listIDs) == Set(created.values))
                for id in created.values { #expect(try await client.send(.get, "/images/\(id).jpeg").status == .ok) }
            }
        }
    }
}

final class LockedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [String] = []
    func append(_ id: String) { lock.withLock { ids.append(id) } }
    var values: [String] { lock.withLock { ids } }
}

/// `petspot serve --demo`: demo reports with drawn photos, only into an empty database.
@Suite struct DemoDataTests {
    @Test func demoLoadsOnceIntoAnEmptyDatabaseWithRealPhotos() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for _ in 0..<2 {
            let configuration = ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32), loadDemoData: true)
            let app = try await buildApplication(configuration, logger: quietLogger)
            try await app.test(.router) { client throws in
                let list = try await client.send(.get, APIPath.announcements)
                #expect(list.list.count == DemoData.pets.count)
                let photo = try #require(list.list.first?["photoUrl"] as? String)
                let image = try await client.send(.get, photo)
                #expect(image.status == .ok && image.headers[.contentType] == "image/png")
                #expect(Array(image.body.readableBytesView.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            }
        }
    }
}

/// The request log: one JSON object a line, whatever the metadata holds.
@Suite struct JSONLogHandlerTests {
    @Test func aRecordIsOneLineOfJSONWithEveryField() throws {
        let line = JSONLogHandler.line(
            label: "petspot", level: .warning, message: "request \"x\"\n",
            metadata: ["path": "/api/v1/announcements", "query": "a=\\b\t\u{1}ż"],
            now: Date(timeIntervalSince1970: 1_763_987_696.789))
        let text = String(buffer: line)
        #expect(text.hasSuffix("}\n") && text.dropLast().allSatisfy { $0 != "\n" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(
            object == [
                "time": "2025-11-24T12:34:56.789Z", "level": "WARNING", "label": "petspot", "msg": "request \"x\"\n",
                "path": "/api/v1/announcements", "query": "a=\\b\t\u{1}ż",
            ])
    }
    /// Every answer's request line is written from its fields directly: the same bytes as the record of the
    /// same metadata, keys in order.
    @Test func theRequestLineIsTheRecordOfItsFields() {
        let now = Date(timeIntervalSince1970: 1_763_987_696.789)
        let fields = [("requestId", "a1"), ("method", "GET"), ("path", "/p"), ("query", "b=1"), ("status", "200"), ("durationMs", "0.5")]
        let direct = JSONLogHandler.line(label: "petspot", level: .info, message: "request", fields: fields, now: now)
        let metadata = Logger.Metadata(uniqueKeysWithValues: fields.map { ($0.0, .string($0.1)) })
        #expect(direct == JSONLogHandler.line(label: "petspot", level: .info, message: "request", metadata: metadata, now: now))
        #expect(
            String(buffer: direct)
                == #"{"durationMs":"0.5","label":"petspot","level":"INFO","method":"GET","msg":"request","path":"/p","query":"b=1","requestId":"a1","status":"200","time":"2025-11-24T12:34:56.789Z"}"#
                + "\n")
    }
}

/// Request ids: ten letters or digits, different each time.
@Suite struct RequestIdentifierTests {
    @Test func idsAreTenAlphanumericsAndDiffer() {
        let ids = (0..<1000).map { _ in RequestIdentifier.make() }
        #expect(ids.allSatisfy { $0.count == 10 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.map { $0.first! }).count > 20)
    }
}
