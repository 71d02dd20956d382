import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotAPI
@testable import PetSpotServer
import Testing

@Suite struct AnnouncementListJSONTests {
    static let awkward = [
        "plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "control \u{01}\u{1F}\u{7F}",
        "Łódź żółw 🐕", "/images/a.jpg", "", "</script><b>&amp;",
    ]

    func dto(_ index: Int) -> AnnouncementDTO {
        let text = Self.awkward[index % Self.awkward.count]
        var dto = AnnouncementDTO(Fixture.announcementForJSON)
        dto.id = "id-\(index)"
        dto.petName = index % 3 == 0 ? nil : text
        dto.breed = text
        dto.description = index % 2 == 0 ? text : nil
        dto.age = index % 4 == 0 ? nil : index
        dto.locationLatitude = [52.0, -0.0001, 1e-7, 89.999999999999, -33.8688][index % 5]
        dto.locationLongitude = [21.0122, -180, 179.99999999, 0, 151.2093][index % 5]
        dto.reward = index % 5 == 0 ? "100 \"zł\"" : nil
        return dto
    }

    @Test func theWriterGivesTheSameValueAsJSONEncoder() throws {
        let list = AnnouncementListDTO(data: (0..<40).map(dto))
        var buffer = AnnouncementListJSON.encode(list)
        let fast = Data(buffer.readBytes(length: buffer.readableBytes) ?? [])
        let decoded = try JSONDecoder().decode(AnnouncementListDTO.self, from: fast)
        #expect(decoded.data == list.data)
        let object = try #require(try JSONSerialization.jsonObject(with: fast) as? [String: [[String: Any]]])
        let reference = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(list)) as? [String: [[String: Any]]])
        #expect(object["data"]?.map { Set($0.keys) } == reference["data"]?.map { Set($0.keys) })
        #expect(object["data"]?.first?.count == 19, "the contract's 18 keys and the added contactVisibility")
        #expect(object["data"]?.first?["petName"] is NSNull)
    }

    /// Every JSON answer keeps the contract's key order: the report's 18 keys, then the code; errors
    /// `requestId, code, message, field`.
    @Test func singleAnswersKeepTheContractsKeyOrder() throws {
        func text(_ value: some OrderedJSON) -> String {
            var buffer = ByteBuffer()
            value.write(into: &buffer)
            return String(buffer: buffer)
        }
        let created = text(CreatedAnnouncementDTO(announcement: dto(1), managementPassword: "123456"))
        let keys = [
            "id", "petName", "species", "breed", "sex", "age", "description", "microchipNumber", "locationLatitude",
            "locationLongitude", "lastSeenDate", "email", "phone", "photoUrl", "status", "reward", "createdAt", "updatedAt",
            "managementPassword",
        ]
        let positions = keys.map { created.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(try JSONSerialization.jsonObject(with: Data(created.utf8)) is [String: Any])
        let error = text(APIErrorEnvelope(error: .init(requestId: "r", code: "C", message: "m \"q\"", field: "f")))
        #expect(error == #"{"error":{"requestId":"r","code":"C","message":"m \"q\"","field":"f"}}"#)
        #expect(text(APIErrorEnvelope(error: .init(requestId: "r", code: "C", message: "m"))) == #"{"error":{"requestId":"r","code":"C","message":"m"}}"#)
        #expect(text(UserTokenDTO(userId: "u", accessToken: "t")) == #"{"userId":"u","accessToken":"t"}"#)
    }

    @Test func anEmptyListIsAnEmptyArray() {
        var buffer = AnnouncementListJSON.encode(AnnouncementListDTO(data: []))
        #expect(buffer.readString(length: buffer.readableBytes) == #"{"data":[]}"#)
    }
}

extension Fixture {
    static let announcementForJSON = Announcement(
        id: AnnouncementID("x"), species: "DOG", sex: "MALE", location: Coordinate(latitude: 1, longitude: 2),
        lastSeenDate: "2025-11-20", email: "a@example.com", phone: "+48 555 123 456", photoURL: "/images/x.jpg",
        status: .missing, createdAt: Date(timeIntervalSince1970: 1_763_000_000.123), updatedAt: Date(timeIntervalSince1970: 1_763_000_001))
}
