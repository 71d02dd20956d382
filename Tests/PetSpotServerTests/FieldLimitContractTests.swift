import Foundation
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// One maximum per field: `openapi.json` publishes the lengths the API's validation enforces, which read
/// `FieldLimit` and `PetText`, for every text field of a new report and of an owner's changes.
@Suite struct FieldLimitContractTests {
    @Test func theContractsMaximumLengthsAreTheValidationsOwn() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        for name in ["CreateAnnouncement", "UpdateAnnouncement"] {
            let properties = try #require(schemas[name]?["properties"] as? [String: [String: Any]])
            for (key, property) in properties {
                let published = property["maxLength"] as? Int
                let isText = (property["type"] as? String) == "string" || (property["type"] as? [String])?.contains("string") == true
                guard isText, property["enum"] == nil, !["microchipNumber", "lastSeenDate", "contactVisibility"].contains(key) else {
                    continue
                }
                #expect(published != nil && published == AnnouncementValidation.maxLength[key], "\(name).\(key): \(published ?? -1)")
            }
        }
        // Every one of the pet's texts is in the contract, in a new report and in every answer.
        for schema in ["CreateAnnouncement", "Announcement"] {
            let properties = try #require(schemas[schema]?["properties"] as? [String: Any])
            for text in PetText.allCases { #expect(properties[text.rawValue] != nil, "\(schema).\(text.rawValue)") }
        }
        // The two fields whose contract and forms differ say so once, in `FieldLimit` and `PetText`.
        #expect(AnnouncementValidation.maxLength["reward"] == FieldLimit.wireReward && FieldLimit.reward < FieldLimit.wireReward)
        #expect(AnnouncementValidation.maxLength["description"] == PetText.description.wireLimit)
        #expect(AnnouncementValidation.maxLength["petName"] == PetText.petName.wireLimit)
    }
}
