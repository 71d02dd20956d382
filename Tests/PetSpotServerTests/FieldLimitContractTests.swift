import Foundation
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// One maximum per field: `openapi.json` publishes the lengths the API's validation enforces, which read
/// `FieldLimit`, for every text field of a new report and of an owner's changes.
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
        // The two fields whose contract and forms differ say so once, in `FieldLimit`.
        #expect(AnnouncementValidation.maxLength["reward"] == FieldLimit.wireReward && FieldLimit.reward < FieldLimit.wireReward)
        #expect(AnnouncementValidation.maxLength["description"] == FieldLimit.wireDescription)
        #expect(AnnouncementValidation.maxLength["petName"] == FieldLimit.petName)
    }
}
