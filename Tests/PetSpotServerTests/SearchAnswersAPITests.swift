import Foundation
import HTTPTypes
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import Testing

/// The search plan on the API: the create body takes the optional answers (documented in openapi.json), keeps
/// those that fit the species of a missing report, and refuses values it does not know.
@Suite struct SearchAnswersAPITests {
    @Test func answersAreTakenCheckedAndKeptPrivate() async throws {
        try await TestApp.run(everyDatabase: true) { client, _ in
            let (id, password) = try await client.createAnnouncement(["species": "CAT", "lifestyle": "INDOOR_ONLY", "newToArea": true])
            let report = try await client.send(.get, APIPath.announcement(AnnouncementID(id)))
            #expect(report.status == .ok && !report.text.contains("INDOOR_ONLY") && !report.text.contains("newToArea"))
            _ = password
            for (body, field) in [
                (["lifestyle": "SOMETIMES"], "lifestyle"), (["temperament": "friendly"], "temperament"),
                (["newToArea": "yes"], "newToArea"),
            ] as [([String: Any?], String)] {
                let refused = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(body))
                #expect(refused.status == .badRequest && refused.error["field"] as? String == field, "\(body)")
            }
            // An answer that does not fit the species is not an error (the web's form may keep one from a
            // species changed back and forth); it is not kept.
            let dog = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["species": "DOG", "lifestyle": "INDOOR_ONLY"]))
            #expect(dog.status == .created)
        }
    }

    @Test func theStoreKeepsTheAnswersThatFit() throws {
        func validated(_ extra: [String: JSONValue]) throws -> ValidatedAnnouncement {
            let base: [String: JSONValue] = [
                "species": .string("CAT"), "sex": .string("MALE"), "locationLatitude": .number(52.2),
                "locationLongitude": .number(21), "lastSeenDate": .string("2025-11-01"),
                "status": .string("MISSING"), "email": .string("a@example.com"),
            ]
            let body = base.merging(extra) { _, new in new }
            return try AnnouncementValidation.validateCreate(
                .object(body.map { (key: $0.key, value: $0.value) }),
                now: Date(timeIntervalSince1970: 1_770_000_000))
        }
        #expect(
            try validated(["lifestyle": .string("OUTDOOR_ACCESS"), "temperament": .string("SHY"), "newToArea": .bool(false)])
                .privateDetails.searchAnswers == SearchAnswers(lifestyle: .outdoorAccess, newToArea: false))
        let found = try validated(["status": .string("FOUND"), "lifestyle": .string("INDOOR_ONLY")])
        #expect(found.privateDetails.searchAnswers == SearchAnswers(), "a finder's report keeps no answers")
    }
}
