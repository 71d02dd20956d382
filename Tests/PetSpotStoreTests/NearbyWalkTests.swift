import Foundation
import Testing

@testable import PetSpotStore

/// The windows a nearby search reads on SQLite: contiguous, newest first, the last open below, each sized
/// from what the days before it held.
struct NearbyWalkTests {
    let day = 86_400.0
    let anchor = Date(timeIntervalSince1970: 1_800_000_000)

    /// Walks until the walk ends, saying `found` rows were read before each window.
    func windows(oldestDaysBack: Double, limit: Int?, found: (Int) -> Int) -> [SQLiteNearbyQuery.Window] {
        var walk = SQLiteNearbyQuery.Walk(anchor: anchor, oldest: anchor.addingTimeInterval(-oldestDaysBack * day), limit: limit)
        var result: [SQLiteNearbyQuery.Window] = []
        while let window = walk.next(found: found(result.count)) { result.append(window) }
        return result
    }

    func daysBack(_ date: Date?) -> Double? { date.map { anchor.timeIntervalSince($0) / day } }

    @Test func windowsJoinEndToEndAndTheLastIsOpenBelow() {
        let walked = windows(oldestDaysBack: 1000, limit: 50) { _ in 0 }
        #expect(walked.first?.upper == nil)
        #expect(daysBack(walked.first?.lower) == 1)
        for (newer, older) in zip(walked, walked.dropFirst()) { #expect(older.upper == newer.lower) }
        #expect(walked.last?.lower == nil)
        // Nothing found: each window reaches four times as far back as the span before it.
        #expect(walked.map { daysBack($0.lower) } == [1, 4, 16, 64, 256, nil])
    }

    @Test func theNextWindowIsSizedToFillThePageWithSomeToSpare() {
        // 10 rows in the first day, 40 wanted: 4 days more at that rate, 6 with half again to spare.
        let walked = windows(oldestDaysBack: 1000, limit: 50) { $0 == 0 ? 0 : 10 }
        #expect(daysBack(walked[1].lower) == 7)
    }

    @Test func aWindowAtLeastDoublesAndAtMostOctuplesTheSpan() {
        // 49 of 50 in the first day: still twice the span, so a thin rate cannot stall the walk.
        #expect(daysBack(windows(oldestDaysBack: 1000, limit: 50) { $0 == 0 ? 0 : 49 }[1].lower) == 2)
        // 1 of 50: 73.5 days at that rate, but one row is a poor guess, so no more than eight times the span.
        #expect(daysBack(windows(oldestDaysBack: 1000, limit: 50) { $0 == 0 ? 0 : 1 }[1].lower) == 8)
    }

    @Test func withoutALimitOneWindowReadsEverything() {
        #expect(windows(oldestDaysBack: 1000, limit: nil) { _ in 0 } == [.init(lower: nil, upper: nil)])
    }

    @Test func reportsAllWithinTheFirstDayTakeOneWindow() {
        #expect(windows(oldestDaysBack: 0.5, limit: 50) { _ in 0 } == [.init(lower: nil, upper: nil)])
    }
}
