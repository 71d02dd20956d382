import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing
@testable import PetSpotStore

@Suite struct StoredDateParserTests {
    @Test func fastPathAgreesWithFoundationOnStoredTimestamps() throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2000 {
            let millis = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let text = Timestamp.string(date)
            let fast = try #require(StoredDateParser.parse(text), "\(text)")
            let foundation = try #require(try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            #expect(fast == foundation, "\(text)")
        }
    }

    @Test func otherFormsFallBackToFoundation() {
        #expect(StoredDateParser.parse("2025-11-20T10:00:00Z") == nil)
        #expect(StoredDateParser.parse("2025-11-20 10:00:00") == nil)
        #expect(StoredDateParser.parse("2025-13-20T10:00:00.000Z") == nil)
        #expect(StoredDate.date("2025-11-20T10:00:00Z") == Date(timeIntervalSince1970: 1_763_632_800))
        #expect(StoredDate.date("2025-11-20T10:00:00.250Z") == Date(timeIntervalSince1970: 1_763_632_800.25))
    }
}
