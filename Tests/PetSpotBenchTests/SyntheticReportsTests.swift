import Foundation
import PetSpotDomain
import PetSpotStore
import Testing
@testable import PetSpotBench

@Suite struct SyntheticReportsTests {
    @Test func sameSeedGivesTheSameReportsAndAnotherSeedDoesNot() {
        var first = SyntheticReports(seed: 42), second = SyntheticReports(seed: 42), other = SyntheticReports(seed: 43)
        let a = first.next(200), b = second.next(200), c = other.next(200)
        #expect(a == b)
        #expect(a.map(\.id) != c.map(\.id))
        #expect(Set(a.map(\.id)).count == a.count)
    }

    @Test func reportsClusterAroundTheCities() {
        var generator = SyntheticReports(seed: 7)
        let reports = generator.next(2000)
        let nearest = reports.map { report in BenchCity.all.map { $0.center.distanceKm(to: report.location) }.min() ?? .infinity }
        // A normal spread of 12 km per axis puts ~99.97 % within 4.1 sigma (50 km) of the city.
        #expect(nearest.filter { $0 < 50 }.count >= 1990)
        #expect(nearest.filter { $0 < 12 }.count > 600)
        let warsaw = BenchCity.all[0].center
        let inWarsaw = reports.filter { $0.location.distanceKm(to: warsaw) < 50 }.count
        #expect(inWarsaw > 80 && inWarsaw < 250) // weight 10 of ~130.5 → ~150 of 2000
    }

    @Test func reportsAreValidListableAndSpreadOverTheYears() {
        var generator = SyntheticReports(seed: 9)
        let reports = generator.next(1000)
        #expect(reports.allSatisfy { $0.location.isValid && $0.createdAt <= SyntheticReports.defaultEnd })
        let earliest = reports.map(\.createdAt).min()!
        #expect(SyntheticReports.defaultEnd.timeIntervalSince(earliest) > 2.9 * 365 * 86_400)
        let listable = reports.filter { AnnouncementQuery().matches($0) }.count
        #expect(listable > 800 && listable < 900) // 90 % open × 95 % with a photo ≈ 855
        #expect(
            reports.allSatisfy {
                $0.id.rawValue.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression) != nil
            })
    }
}
