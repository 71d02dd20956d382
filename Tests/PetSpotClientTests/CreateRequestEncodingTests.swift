import Foundation
import PetSpotAPI
import Testing

/// What the app sends on create: camelCase keys, and optional values left out rather than `null`
/// (the server rejects `null`).
@Suite struct CreateRequestEncodingTests {
    @Test func optionalValuesAreOmittedAndKeysAreCamelCase() throws {
        let request = CreateAnnouncementRequest(species: "DOG", sex: "MALE", locationLatitude: 52.2297, locationLongitude: 21.0122,
                                                email: "owner@example.com", phone: "+48123456789", lastSeenDate: "2025-11-20",
                                                status: "MISSING")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any])
        #expect(Set(object.keys) == ["species", "sex", "locationLatitude", "locationLongitude", "email", "phone", "lastSeenDate", "status"])
        #expect(object["locationLatitude"] as? Double == 52.2297)
    }
}
