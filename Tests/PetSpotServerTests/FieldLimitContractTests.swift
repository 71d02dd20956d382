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

    static func body(_ fields: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
    }

    /// `maxLength` counts code points; a letter with a skin-tone modifier is one `Character` but two code
    /// points, so a text of 500 characters and 501 code points is over a 500 limit, on every API form.
    @Test func lengthsAreCountedInCodePointsAsTheContractCountsThem() async throws {
        let over = String(repeating: "a", count: 499) + "a\u{1F3FB}", full = String(repeating: "a", count: 498) + "a\u{1F3FB}"
        #expect(over.count == 500 && over.limitLength == 501 && full.limitLength == 500)
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let report = try await client.createAnnouncement()
            let sightings = APIPath.announcement(AnnouncementID(report.id)) + "/sightings"
            let flags = APIPath.announcement(AnnouncementID(report.id)) + "/flags"
            for (path, fields, field) in [
                (sightings, ["latitude": 52.2, "longitude": 21.0, "note": over] as [String: Any], "note"),
                (flags, ["reason": "OTHER", "detail": over], "detail"),
                (
                    APIPath.announcements,
                    try #require(
                        JSONSerialization.jsonObject(with: Data(Fixture.createBody(["description": String(repeating: "d", count: 1999) + "a\u{1F3FB}"]).utf8))
                            as? [String: Any]), "description"
                ),
            ] {
                let refused = try await client.send(.post, path, json: try Self.body(fields))
                #expect(refused.status == .badRequest && refused.error["field"] as? String == field, "\(path): \(refused.text)")
            }
            #expect(try await client.send(.post, sightings, json: try Self.body(["latitude": 52.2, "longitude": 21.0, "note": full])).status == .created)
            #expect(try await client.send(.post, flags, json: try Self.body(["reason": "OTHER", "detail": full])).status == .created)
        }
    }

    /// A browser sends a text area's line breaks as CR LF, but its `maxlength` counted each as one: the
    /// form is read with the LF the person typed, so a note the page allowed is never refused as too long.
    @Test func aTextAreasLineBreaksAreReadAsTheyWereTyped() {
        #expect(FormBody.parse("note=one%0D%0Atwo+three&x=a%0Db")["note"] == "one\ntwo three")
        // A lone CR, which no browser sends, is a line break too; other control characters are dropped.
        #expect(FormBody.parse("x=a%0Db%1B%00c")["x"] == "a\nbc")
    }
}
