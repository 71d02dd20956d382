import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// A real server driven in process, once on each storage backend (see `TestStorage`); fixtures go
/// straight into its store.
enum TestApp {
    static let adminToken = "test-admin-token-0123456789-abcdefghij"

    /// Runs `test` against a fresh server on SQLite; with `everyDatabase`, then on PostgreSQL too when it
    /// is available; `live`, over a real socket (the connection's handlers, `EarlyAnswerHandler` among
    /// them, see every request), not straight into the router. Only the suites whose answers come from database-specific SQL (lists, search,
    /// paging, holds, the contract's core) ask for it: the store contract suite holds every backend's
    /// behaviour, and the server's other layers are the same whatever the database.
    static func run(
        everyDatabase: Bool = false, live: Bool = false, adminToken: String? = TestApp.adminToken, dataDirectory: URL? = nil,
        fixtures: @Sendable (any PetSpotStorage) async throws -> Void = { _ in },
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ test: @Sendable (any TestClientProtocol, URL) async throws -> Void
    ) async throws {
        guard everyDatabase else {
            return try await run(
                on: .sqlite, live: live, adminToken: adminToken, dataDirectory: dataDirectory, fixtures: fixtures, configure: configure, test)
        }
        try await TestStorage.each { storage in
            try await run(
                on: storage, live: live, adminToken: adminToken, dataDirectory: dataDirectory, fixtures: fixtures, configure: configure, test)
        }
    }

    /// Runs `test` against a server on `storage`; a given `dataDirectory` is kept for the caller.
    static func run(
        on storage: TestStorage, live: Bool = false, adminToken: String? = TestApp.adminToken, dataDirectory: URL? = nil,
        fixtures: @Sendable (any PetSpotStorage) async throws -> Void = { _ in },
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ test: @Sendable (any TestClientProtocol, URL) async throws -> Void
    ) async throws {
        guard live, dataDirectory == nil, case .sqlite = storage else {
            return try await runOnce(
                on: storage, live: live, adminToken: adminToken, dataDirectory: dataDirectory, fixtures: fixtures, configure: configure, test)
        }
        // The live client gives up on an answer after 20 s, and the whole debug suite starting at once on two
        // cores has kept one waiting longer: that wait, and only it, is tried again on a new server.
        for attempt in 1... {
            do {
                return try await runOnce(on: storage, live: true, adminToken: adminToken, fixtures: fixtures, configure: configure, test)
            } catch TestClient.Error.readTimeout where attempt < 3 {}
        }
    }

    private static func runOnce(
        on storage: TestStorage, live: Bool, adminToken: String?, dataDirectory: URL? = nil,
        fixtures: @Sendable (any PetSpotStorage) async throws -> Void, configure: (inout ServerConfiguration) -> Void,
        _ test: @Sendable (any TestClientProtocol, URL) async throws -> Void
    ) async throws {
        let directory = dataDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("petspot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if dataDirectory == nil { try? FileManager.default.removeItem(at: directory) } }
        try await storage.withStore(in: directory, fixtures)
        var configuration = ServerConfiguration(
            dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32),
            adminToken: adminToken, databaseURL: storage.databaseURL)
        // In-process tests share two cores with hundreds of others: no request is cut for being slow here
        // (the deadline itself is tested with a tiny one).
        configuration.requestDeadline = .seconds(600)
        // scrypt at a test cost: the production cost is held by `SecretsTests`.
        configuration.passwordHasher = .testing
        configure(&configuration)
        let app = try await buildApplication(configuration, logger: quietLogger)
        // The live client gives up on an answer after 20 s, and a report's first filing waits for the
        // gazetteer: seconds of loading in a debug build, more beside hundreds of other tests.
        if live { _ = await PlaceDirectory().gazetteer() }
        try await app.test(live ? .live : .router) { client in try await test(client, directory) }
    }
}

import Logging

/// Tests speak through assertions; the server's request log would only bury them.
let quietLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return logger
}()

/// The reference suite's fixtures.
enum Fixture {
    static let azorID = "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    static let filemonID = "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb"
    static let created = StoredDate.date("2025-11-19T10:00:00.000Z")!

    static var azor: Announcement {
        .mock(
            id: AnnouncementID(azorID), petName: "Azor", breed: "Owczarek niemiecki", description: "Duży, przyjazny pies",
            location: Coordinate(latitude: 54.48, longitude: 18.53), lastSeenDate: "2025-11-19", email: "test@example.pl",
            phone: "+48 600 700 800", photoURL: "https://example.com/azor.jpg", createdAt: created)
    }

    static var filemon: Announcement {
        .mock(
            id: AnnouncementID(filemonID), petName: "Filemon", species: "CAT", breed: nil, age: 3, description: nil,
            location: Coordinate(latitude: 54.43, longitude: 18.57), lastSeenDate: "2025-11-18", email: nil, phone: "555-123-456",
            photoURL: "https://example.com/filemon.jpg", status: .found, createdAt: created + 1)
    }

    static func located(_ id: String, _ lat: Double, _ lng: Double) -> Announcement {
        var a = azor
        a.id = AnnouncementID(id)
        a.location = Coordinate(latitude: lat, longitude: lng)
        a.photoURL = "url"
        return a
    }

    static let krakow = located("11111111-1111-1111-1111-111111111111", 50.0614, 19.9383)
    static let nearby = located("22222222-2222-2222-2222-222222222222", 50.07, 19.95)
    static let warsaw = located("33333333-3333-3333-3333-333333333333", 52.2297, 21.0122)

    /// Valid create body "V" of the reference suite, with overrides (`nil` removes a key).
    static func createBody(_ overrides: [String: Any?] = [:]) -> String {
        var body: [String: Any] = [
            "species": "Golden Retriever", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
            "locationLatitude": 40.785091, "locationLongitude": -73.968285, "email": "john@example.com",
        ]
        for (key, value) in overrides {
            if let value { body[key] = value } else { body.removeValue(forKey: key) }
        }
        let data = try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// A minimal JFIF JPEG.
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01] + [UInt8](repeating: 0x20, count: 300)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 100)
}

extension TestClientProtocol {
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Creates a report through the API; returns its id and management password.
    func createAnnouncement(_ overrides: [String: Any?] = [:]) async throws -> (id: String, password: String) {
        let response = try await send(.post, APIPath.announcements, json: Fixture.createBody(overrides))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let created = try JSONDecoder().decode(CreatedAnnouncementDTO.self, from: Data(buffer: response.body))
        return (created.announcement.id, created.managementPassword)
    }

    func uploadPhoto(
        _ id: String, password: String, bytes: [UInt8], field: String = "photo", filename: String = "pet.jpg", authorization: String? = nil
    ) async throws -> TestResponse {
        let boundary = "petspot-test-boundary"
        var body = ByteBuffer(
            string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\nContent-Type: image/jpeg\r\n\r\n")
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await execute(
            uri: APIPath.photos(AnnouncementID(id)), method: .post,
            headers: [.authorization: authorization ?? Basic.header(id, password), .contentType: "multipart/form-data; boundary=\(boundary)"],
            body: body)
    }
}

enum Basic {
    static func header(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

extension TestResponse {
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]) ?? [:] }
    var error: [String: Any] { json["error"] as? [String: Any] ?? [:] }
    var errorCode: String? { error["code"] as? String }
    var list: [[String: Any]] { json["data"] as? [[String: Any]] ?? [] }
    var listIDs: [String] { list.compactMap { $0["id"] as? String } }
    var text: String { String(buffer: body) }
}
