import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import Testing

/// Input a client controls never yields a 5xx: every hostile request below is a 4xx with the envelope,
/// and its `request-id` header equals `error.requestId`.
@Suite struct HostileInputTests {
    enum Target: Sendable { case create, list(String), details(String), patch(String), photo(String), register, image(String) }

    static let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    static let cases: [(String, Target, String?, String?)] = [
        ("malformed JSON", .create, "{bad", nil),
        ("truncated JSON", .create, #"{"species":"DOG""#, nil),
        ("JSON string body", .create, #""abc""#, nil),
        ("JSON null body", .create, "null", nil),
        ("JSON array body", .create, "[]", nil),
        ("deep nesting", .create, deep, nil),
        ("deep object nesting", .create, String(repeating: #"{"a":"#, count: 5000) + "1" + String(repeating: "}", count: 5000), nil),
        ("NaN literal", .create, Fixture.createBody().replacingOccurrences(of: "40.785091", with: "NaN"), nil),
        ("Infinity literal", .create, Fixture.createBody().replacingOccurrences(of: "40.785091", with: "Infinity"), nil),
        ("huge exponent", .create, Fixture.createBody().replacingOccurrences(of: "40.785091", with: "1e999"), nil),
        ("huge string", .create, Fixture.createBody(["description": String(repeating: "x", count: 5000)]), nil),
        ("body over 100KB", .create, #"{"data":""# + String(repeating: "x", count: 102_400) + #""}"#, nil),
        ("wrong content type", .create, Fixture.createBody(), "text/plain"),
        ("form content type", .create, "species=DOG", "application/x-www-form-urlencoded"),
        ("latin1 charset", .create, Fixture.createBody(), "application/json; charset=latin1"),
        ("boolean for string", .create, Fixture.createBody(["species": true]), nil),
        ("object for number", .create, Fixture.createBody(["locationLatitude": ["a": 1]]), nil),
        ("array for string", .create, Fixture.createBody(["sex": ["MALE"]]), nil),
        ("null byte in text", .create, Fixture.createBody(["petName": "Rex\u{0}"]), nil),
        ("invalid UTF-8 escape", .create, #"{"species":"\uD800"}"#, nil),
        ("SQL injection in chip", .create, Fixture.createBody(["microchipNumber": "1'; DROP TABLE announcement;--"]), nil),
        ("HTML in email", .create, Fixture.createBody(["email": "<script>x@y.z"]), nil),
        ("HTML in phone", .create, Fixture.createBody(["email": nil, "phone": "<img src=x onerror=alert(1)>1"]), nil),
        ("emoji-only species after strip", .create, Fixture.createBody(["species": "<b>\u{200B}</b> "]), nil),
        ("unicode digits chip", .create, Fixture.createBody(["microchipNumber": "١٢٣"]), nil),
        ("too long chip", .create, Fixture.createBody(["microchipNumber": String(repeating: "1", count: 16)]), nil),
        ("lat NaN in query", .list("lat=NaN&lng=1"), nil, nil),
        ("lat Infinity in query", .list("lat=Infinity&lng=1"), nil, nil),
        ("SQL in query", .list("lat=1&lng=1&range=%27%20OR%201=1"), nil, nil),
        ("huge range", .list("lat=1&lng=1&range=1e400"), nil, nil),
        ("traversal id", .details("..%2F..%2Fetc%2Fpasswd"), nil, nil),
        ("SQL id", .details("x'%20OR%20'1'='1"), nil, nil),
        ("patch unknown id", .patch("does-not-exist"), "{}", nil),
        ("photo traversal id", .photo("..%2F..%2Fpetspot.sqlite"), nil, nil),
        ("image traversal", .image("..%2Fpetspot.sqlite"), nil, nil),
        ("image dotfile", .image(".hidden"), nil, nil),
        ("image absolute", .image("%2Fetc%2Fpasswd"), nil, nil),
        ("register number email", .register, #"{"email":1,"password":"12345678"}"#, nil),
        ("register huge password", .register, #"{"email":"a@b.co","password":""# + String(repeating: "p", count: 10_000) + #""}"#, nil),
    ]

    @Test func atLeastThirtyHostileInputs() { #expect(Self.cases.count >= 30) }

    @Test(arguments: cases.indices)
    func hostileInputIs4xxWithEnvelope(_ index: Int) async throws {
        let (name, target, body, contentType) = Self.cases[index]
        try await TestApp.run { client, _ throws in
            let (method, uri): (HTTPRequest.Method, String) =
                switch target {
                case .create: (.post, APIPath.announcements)
                case .list(let query): (.get, "\(APIPath.announcements)?\(query)")
                case .details(let id): (.get, "\(APIPath.announcements)/\(id)")
                case .patch(let id): (.patch, "\(APIPath.announcements)/\(id)")
                case .photo(let id): (.post, "\(APIPath.announcements)/\(id)/photos")
                case .register: (.post, APIPath.users)
                case .image(let path): (.get, "/images/\(path)")
                }
            var headers: HTTPFields = [.contentType: contentType ?? "application/json"]
            if case .patch = target { headers[.authorization] = Basic.header("x", "123456") }
            if case .photo = target { headers[.authorization] = Basic.header("x", "123456") }
            let response = try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
            #expect((400..<500).contains(Int(response.status.code)), "\(name): \(response.status) \(response.text.prefix(200))")
            #expect(response.errorCode != nil, "\(name)")
            #expect(response.error["requestId"] as? String == response.headers[.init("request-id")!], "\(name)")
        }
    }

    @Test func payloadTooLargeHasTheContractBody() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.post, APIPath.announcements, json: #"{"data":""# + String(repeating: "x", count: 102_400) + #""}"#)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "PAYLOAD_TOO_LARGE")
            #expect(response.error["message"] as? String == "Request payload exceeds maximum size limit (100KB)")
            #expect(response.error["field"] == nil)
        }
    }

    /// A path's id is percent-decoded, as the old backend read it: an escaped character names the same
    /// report, and the not-found message names the id decoded.
    @Test func aPathsIdIsReadPercentDecoded() async throws {
        try await TestApp.run { client, _ throws in
            let (id, _) = try await client.createAnnouncement()
            let escaped = "%" + String(format: "%02X", id.utf8.first!) + id.dropFirst()
            let found = try await client.send(.get, "\(APIPath.announcements)/\(escaped)")
            #expect(found.status == .ok && found.json["id"] as? String == id, "\(found.text)")
            let upload = try await client.execute(
                uri: "\(APIPath.announcements)/abc%20def/photos", method: .post, headers: [.authorization: Basic.header("x", "123456")])
            #expect(upload.status == .notFound && upload.error["message"] as? String == "Announcement with ID abc def not found", "\(upload.text)")
            // A byte order mark is a character of the id like any other (Foundation's decoding dropped it: a second name).
            #expect(try await client.send(.get, "\(APIPath.announcements)/%EF%BB%BF\(id)").status == .notFound)
            // The answer names no character no one types (a C1 control, a direction override) as sent.
            let named = try await client.execute(
                uri: "\(APIPath.announcements)/x%C2%9B31m%E2%80%AE/photos", method: .post, headers: [.authorization: Basic.header("x", "123456")])
            #expect(named.status == .notFound && named.error["message"] as? String == "Announcement with ID x\u{FFFD}31m\u{FFFD} not found")
            // A control character in a web path: the not-found page.
            let page = try await client.send(.get, "/lost-pets/\(id)%0A")
            #expect(page.status == .notFound && page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test func unknownRoutesAndMethodsAre404Envelopes() async throws {
        try await TestApp.run { client, _ throws in
            for (method, uri) in [(HTTPRequest.Method.get, "/api/not/found"), (.put, "\(APIPath.announcements)/x")] {
                let response = try await client.send(method, uri)
                #expect(response.status == .notFound)
                #expect(response.error.count == 3 && response.errorCode == "NOT_FOUND" && response.error["message"] as? String == "Resource not found")
            }
        }
    }

    @Test func missingBodyIsRequiredWithoutField() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.post, APIPath.announcements)
            #expect(response.status == .badRequest && response.errorCode == "MISSING_VALUE")
            #expect(response.error["message"] as? String == "Required" && response.error["field"] == nil)
            let array = try await client.send(.post, APIPath.announcements, json: "[]")
            #expect(array.error["message"] as? String == "Expected object, received array")
        }
    }
}
