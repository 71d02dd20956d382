import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
import Testing

/// Reference cases §11.1 (announcements) that still hold after the fixes.
@Suite struct AnnouncementAPITests {
    static func seed(_ announcements: [Announcement]) -> @Sendable (any PetSpotStorage) async throws -> Void {
        { store in for a in announcements { try await store.create(a, passwordHash: "test_hash_1") } }
    }

    /// The contract's 18 keys, with nulls, plus the added `place` (what the point is called).
    @Test func listReturnsExactly18KeysWithNullsAndThePlace() async throws {
        try await TestApp.run(everyDatabase: true, fixtures: Self.seed([Fixture.azor, Fixture.filemon])) { client, _ throws in
            let response = try await client.send(.get, APIPath.announcements)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.list.count == 2)
            let azor = try #require(response.list.first { $0["id"] as? String == Fixture.azorID })
            #expect(
                Set(azor.keys) == [
                    "id", "petName", "species", "breed", "sex", "age", "description", "microchipNumber",
                    "locationLatitude", "locationLongitude", "lastSeenDate", "email", "phone", "photoUrl",
                    "status", "reward", "createdAt", "updatedAt", "place", "contactVisibility",
                ])
            #expect(azor["contactVisibility"] as? String == "PUBLIC")
            let place = try #require(azor["place"] as? [String: Any])
            #expect(place["countryCode"] as? String == "PL" && (place["name"] as? String)?.isEmpty == false)
            #expect((place["distanceKm"] as? Double).map { $0 >= 0 && $0 < 30 } == true)
            #expect(azor["petName"] as? String == "Azor" && azor["breed"] as? String == "Owczarek niemiecki")
            #expect(azor["age"] as? Int == 5 && azor["locationLatitude"] as? Double == 54.48)
            #expect(azor["microchipNumber"] is NSNull && azor["reward"] is NSNull)
            #expect(azor["photoUrl"] as? String == "https://example.com/azor.jpg")
            #expect(azor["createdAt"] as? String == "2025-11-19T10:00:00.000Z")
        }
    }

    @Test func photolessReportsAreHiddenFromTheListButNotFromDetails() async throws {
        var noPhoto = Fixture.azor
        noPhoto.photoURL = nil
        try await TestApp.run(everyDatabase: true, fixtures: Self.seed([noPhoto])) { client, _ throws in
            #expect(try await client.send(.get, APIPath.announcements).text == #"{"data":[]}"#)
            let details = try await client.send(.get, "\(APIPath.announcements)/\(Fixture.azorID)")
            #expect(details.status == .ok)
            #expect(details.json["photoUrl"] is NSNull)
        }
    }

    @Test func emptyListIsExactlyDataArray() async throws {
        try await TestApp.run { client, _ throws in
            #expect(try await client.send(.get, APIPath.announcements).text == #"{"data":[]}"#)
        }
    }

    @Test func detailsAreTheBareObjectWithNulls() async throws {
        try await TestApp.run(everyDatabase: true, fixtures: Self.seed([Fixture.filemon])) { client, _ throws in
            let response = try await client.send(.get, "\(APIPath.announcements)/\(Fixture.filemonID)")
            #expect(response.status == .ok)
            #expect(response.json["petName"] as? String == "Filemon")
            #expect(response.json["breed"] is NSNull && response.json["email"] is NSNull && response.json["microchipNumber"] is NSNull)
            #expect(response.json["managementPassword"] == nil && response.json["data"] == nil)
        }
    }

    @Test(arguments: ["123e4567-e89b-12d3-a456-426614174000", "abc-123"])
    func unknownIdIs404WithExactBody(_ id: String) async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(.get, "\(APIPath.announcements)/\(id)")
            #expect(response.status == .notFound)
            let requestID = try #require(response.headers[.init("request-id")!])
            #expect(
                response.text == #"{"error":{"code":"NOT_FOUND","message":"Resource not found","requestId":"\#(requestID)"}}"#
                    || (response.error.count == 3 && response.error["requestId"] as? String == requestID
                        && response.errorCode == "NOT_FOUND" && response.error["message"] as? String == "Resource not found")
            )
        }
    }

    @Test func createReturns201WithPasswordAndEveryField() async throws {
        try await TestApp.run { client, _ throws in
            let body = Fixture.createBody([
                "petName": "Buddy", "breed": "Purebred", "age": 5, "description": "Friendly dog with brown fur",
                "microchipNumber": "123456789012345", "phone": "+1 555 123 4567", "reward": "500 USD",
            ])
            let response = try await client.send(.post, APIPath.announcements, json: body)
            #expect(response.status == .created)
            let json = response.json
            #expect((json["managementPassword"] as? String)?.wholeMatch(of: /[1-9]\d{5}/) != nil)
            #expect(json["managementPasswordHash"] == nil)
            #expect(json["petName"] as? String == "Buddy" && json["breed"] as? String == "Purebred" && json["age"] as? Int == 5)
            #expect(json["microchipNumber"] as? String == "123456789012345" && json["phone"] as? String == "+1 555 123 4567")
            #expect(json["reward"] as? String == "500 USD" && json["photoUrl"] is NSNull && json["status"] as? String == "MISSING")
            #expect((json["id"] as? String)?.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil)
            #expect(json.count == 21, "18 keys, the code, the place and the contact visibility")
            #expect(json["place"] is [String: Any])
            // The code is the 19th key, as the old backend placed it; the keys added since follow it.
            #expect(response.text.firstMatch(of: /"updatedAt":"[^"]+","managementPassword":"\d{6}","place":/) != nil, "\(response.text)")
        }
    }

    @Test func foundReportWithPhoneOnly() async throws {
        try await TestApp.run { client, _ throws in
            let body = Fixture.createBody([
                "species": "Siamese Cat", "sex": "FEMALE", "lastSeenDate": "2025-11-19", "status": "FOUND",
                "locationLatitude": 51.5074, "locationLongitude": -0.1278, "email": nil, "phone": "+44 20 7946 0958",
            ])
            let response = try await client.send(.post, APIPath.announcements, json: body)
            #expect(response.status == .created)
            #expect(response.json["phone"] as? String == "+44 20 7946 0958" && response.json["status"] as? String == "FOUND")
            #expect(response.json["email"] is NSNull)
        }
    }

    @Test func createValidationErrors() async throws {
        try await TestApp.run { client, _ throws in
            let cases: [([String: Any?], String, String, String?)] = [
                (["species": nil], "MISSING_VALUE", "species", "Required"),
                (["email": nil], "MISSING_CONTACT", "contact", "at least one contact method (email or phone) is required"),
                (["unknownField": "value"], "INVALID_FIELD", "unknownField", "unknownField is not a valid field"),
                (["photoUrl": "x"], "INVALID_FIELD", "photoUrl", "photoUrl is not a valid field"),
                (["unknownField": "x", "species": nil], "MISSING_VALUE", "species", nil),
                (["email": "", "phone": "123456789"], "INVALID_FORMAT", "email", "email format is invalid"),
                (["status": "CLOSED"], "INVALID_FORMAT", "status", "status must be either MISSING or FOUND"),
                (["status": nil], "MISSING_VALUE", "status", "status must be either MISSING or FOUND"),
                (["age": -1], "INVALID_FORMAT", "age", "age must be a positive integer"),
                (["age": 41], "INVALID_FORMAT", "age", "age must be between 0 and 40"),
                (["age": 3.5], "INVALID_FORMAT", "age", "Expected integer, received float"),
                (["age": "three"], "INVALID_FORMAT", "age", "Expected number, received string"),
                // Well-formed but no day: the old backend's answer (its Date read them as invalid, "not <= now").
                (["lastSeenDate": "2025-13-01"], "INVALID_FORMAT", "lastSeenDate", "lastSeenDate cannot be in the future"),
                (["lastSeenDate": "2025-02-30"], "INVALID_FORMAT", "lastSeenDate", "lastSeenDate cannot be in the future"),
                (["lastSeenDate": "2025-1-01"], "INVALID_FORMAT", "lastSeenDate", "invalid date format (expected YYYY-MM-DD)"),
                (["lastSeenDate": "2999-01-01"], "INVALID_FORMAT", "lastSeenDate", "lastSeenDate cannot be in the future"),
                (["lastSeenDate": "2025/11/19"], "INVALID_FORMAT", "lastSeenDate", nil),
                (["lastSeenDate": ""], "INVALID_FORMAT", "lastSeenDate", nil),
                (["species": "   "], "MISSING_VALUE", "species", "cannot be empty"),
                (["species": "<b></b>"], "MISSING_VALUE", "species", "cannot be empty"),
                (["species": 123], "INVALID_FORMAT", "species", "Expected string, received number"),
                (["petName": NSNull()], "INVALID_FORMAT", "petName", "Expected string, received null"),
                (["locationLatitude": "50"], "INVALID_FORMAT", "locationLatitude", "Expected number, received string"),
                (["locationLatitude": 91], "INVALID_FORMAT", "locationLatitude", "latitude must be between -90 and 90"),
                (["locationLongitude": -181], "INVALID_FORMAT", "locationLongitude", "longitude must be between -180 and 180"),
                (["microchipNumber": "123abc"], "INVALID_FORMAT", "microchipNumber", "must contain only digits"),
                (["phone": "no-digits", "email": nil], "INVALID_FORMAT", "phone", "invalid phone format"),
                (["email": "invalid-email"], "INVALID_FORMAT", "email", "email format is invalid"),
                // A terminal's escape sequence would reach the mail header and `petspot mailbox`.
                (["email": "x\u{1B}]0;OWNED\u{07}\u{1B}[2J@evil.example"], "INVALID_FORMAT", "email", "email format is invalid"),
                // Fail-fast in the schema's order: petName, species, breed, sex, age, description, …
                (["species": nil, "breed": NSNull()], "MISSING_VALUE", "species", "Required"),
                (["species": 5, "breed": NSNull()], "INVALID_FORMAT", "species", "Expected string, received number"),
                (["petName": 5, "species": nil], "INVALID_FORMAT", "petName", "Expected string, received number"),
                (["sex": nil, "description": NSNull()], "MISSING_VALUE", "sex", "Required"),
                (["age": -1, "description": NSNull()], "INVALID_FORMAT", "age", "age must be a positive integer"),
                (["description": NSNull(), "microchipNumber": "x"], "INVALID_FORMAT", "description", "Expected string, received null"),
            ]
            for (overrides, code, field, message) in cases {
                let response = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(overrides))
                #expect(response.status == .badRequest, "\(overrides)")
                #expect(response.errorCode == code, "\(overrides): \(response.text)")
                #expect(response.error["field"] as? String == field, "\(overrides)")
                if let message { #expect(response.error["message"] as? String == message, "\(overrides)") }
            }
        }
    }

    @Test func ageZeroAndFortyAreAccepted() async throws {
        try await TestApp.run { client, _ throws in
            for age in [0, 40] {
                let response = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["age": age]))
                #expect(response.status == .created)
                #expect(response.json["age"] as? Int == age)
            }
        }
    }

    @Test func htmlTagsAreStrippedButTextThatIsNotATagSurvives() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody([
                    "species": "Golden<b>Retriever</b>", "description": "<img src=x onerror=alert(1)>Test<div>content</div>",
                    "petName": "<div>Buddy</div>", "breed": "I <3 my dog", "reward": "<script>alert(1)</script>100 PLN",
                ]))
            #expect(response.status == .created)
            #expect(response.json["species"] as? String == "GoldenRetriever")
            #expect(response.json["petName"] as? String == "Buddy")
            #expect(response.json["description"] as? String == "Testcontent")
            #expect(response.json["breed"] as? String == "I <3 my dog")
            #expect(response.json["reward"] as? String == "100 PLN")
            #expect(response.json["email"] as? String == "john@example.com" && response.json["status"] as? String == "MISSING")
        }
    }

    @Test func valuesAreTrimmedAndTheChipCheckUsesTheTrimmedValue() async throws {
        try await TestApp.run { client, _ throws in
            let first = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody([
                    "petName": "  Max ", "lastSeenDate": " 2025-11-20 ", "microchipNumber": " 123456789012345 ", "email": " john@example.com ",
                ]))
            #expect(first.status == .created)
            #expect(first.json["petName"] as? String == "Max" && first.json["lastSeenDate"] as? String == "2025-11-20")
            #expect(first.json["microchipNumber"] as? String == "123456789012345" && first.json["email"] as? String == "john@example.com")
            let second = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody([
                    "microchipNumber": "123456789012345 ", "species": "Labrador", "email": "jane@example.com",
                ]))
            #expect(second.status == .conflict)
            #expect(second.errorCode == "CONFLICT" && second.error["field"] as? String == "microchipNumber")
            #expect(second.error["message"] as? String == "An entity with this value already exists")
        }
    }

    @Test func concurrentCreatesWithOneChipGiveOneReportAndConflicts() async throws {
        try await TestApp.run { client, _ throws in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["microchipNumber": "555"])).status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201, 409, 409, 409])
        }
    }
}
