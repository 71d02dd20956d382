import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

/// The matcher on hand-made cases: what pairs up, what never does, and in which order.
@Suite struct AnnouncementMatcherTests {
    static let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)

    static func report(
        _ status: AnnouncementStatus, species: String = "DOG", sex: String = "MALE", chip: String? = nil,
        at location: Coordinate = warsaw, date: String = "2026-10-01", id: String = UUID().uuidString
    ) -> Announcement {
        let created = Date(timeIntervalSince1970: 1_790_000_000)
        return .mock(
            id: AnnouncementID(id), petName: nil, species: species, breed: nil, sex: sex, age: nil, description: nil,
            microchipNumber: chip, location: location, lastSeenDate: date, email: nil, phone: nil,
            photoURL: "/images/\(id).jpg", status: status, createdAt: created)
    }

    /// `km` east of Warsaw along the parallel, close enough for these tests.
    static func east(_ km: Double) -> Coordinate {
        Coordinate(latitude: warsaw.latitude, longitude: warsaw.longitude + km / (111.2 * cos(warsaw.latitude * .pi / 180)))
    }

    @Test func aChipMatchBeatsANearerLookAlike() throws {
        let missing = Self.report(.missing, chip: "985112345678901", date: "2026-10-01")
        let lookAlike = Self.report(.found, at: Self.warsaw, date: "2026-10-01", id: "look-alike")
        // Far away, another species and months later: the chip still says it is the same pet.
        let chipped = Self.report(
            .found, species: "CAT", sex: "FEMALE", chip: "985112345678901",
            at: Coordinate(latitude: 50.06, longitude: 19.94), date: "2027-03-01", id: "chipped")
        let matches = AnnouncementMatcher.matches(for: missing, among: [lookAlike, chipped])
        #expect(matches.map(\.candidate.id.rawValue) == ["chipped", "look-alike"])
        #expect(matches[0].reason == .microchip && matches[0].score == 1)
        #expect(matches[0].distanceKm > 200)
        #expect(matches[1].reason == .similar && matches[1].score < 1 && matches[1].distanceKm < 0.001)
    }

    /// A match's distance is shown to strangers: measured between the two public areas, it cannot place
    /// the exact point of either report (three found reports at known points would, from exact points).
    static let poznanEast = Coordinate(latitude: 52.41, longitude: 17.02)

    @Test func aMatchsDistanceIsBetweenThePublicAreas() throws {
        let missing = Self.report(.missing, at: Coordinate(latitude: 52.401234, longitude: 16.925678))
        for point in [Coordinate(latitude: 52.41, longitude: 16.93), Coordinate(latitude: 52.3871, longitude: 16.9012)] {
            let match = try #require(AnnouncementMatcher.match(missing, Self.report(.found, at: point)))
            #expect(match.distanceKm == PublicArea(around: missing.location).center.distanceKm(to: PublicArea(around: point).center))
        }
        let moved = try #require(
            AnnouncementMatcher.match(Self.report(.missing, at: Coordinate(latitude: 52.4012, longitude: 16.9251)), Self.report(.found, at: Self.poznanEast)))
        let original = try #require(AnnouncementMatcher.match(missing, Self.report(.found, at: Self.poznanEast)))
        #expect(moved.distanceKm == original.distanceKm, "a point moved within its area changes nothing a stranger reads")
    }

    @Test func wordsThatAgreeRankALookAlikeHigher() {
        func described(_ status: AnnouncementStatus, _ text: String, at location: Coordinate = Self.warsaw, id: String) -> Announcement {
            var report = Self.report(status, species: "CAT", at: location, id: id)
            report.description = text
            return report
        }
        let missing = described(.missing, "Rudy kot, biała pierś, czerwona obroża", id: "missing")
        // The black cat is nearer; the ginger one with a white chest and a red collar is the one meant.
        let ginger = described(.found, "Ginger cat with a white chest and a red collar", at: Self.east(3), id: "ginger")
        let black = described(.found, "Black cat, very shy", at: Self.east(1), id: "black")
        let matches = AnnouncementMatcher.matches(for: missing, among: [black, ginger])
        #expect(matches.map(\.candidate.id.rawValue) == ["ginger", "black"])
        #expect(AnnouncementMatcher.agreement(missing, ginger) > 0.5 && AnnouncementMatcher.agreement(missing, black) == 0)
        #expect(matches.allSatisfy { $0.score < 1 })
    }

    @Test func otherSpeciesNeverMatch() {
        let missing = Self.report(.missing, species: "DOG")
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, species: "CAT")) == nil)
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, species: " dog ")) != nil, "species compare ignores case and spaces")
    }

    @Test func sexMustBeCompatibleAndUnknownGoesWithEither() {
        let male = Self.report(.missing, sex: "MALE")
        #expect(AnnouncementMatcher.match(male, Self.report(.found, sex: "FEMALE")) == nil)
        #expect(AnnouncementMatcher.match(male, Self.report(.found, sex: "UNKNOWN")) != nil)
        #expect(AnnouncementMatcher.match(Self.report(.missing, sex: "UNKNOWN"), Self.report(.found, sex: "FEMALE")) != nil)
    }

    @Test func sixtyOneDaysApartNeverMatch() {
        let missing = Self.report(.missing, date: "2026-09-01")
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, date: "2026-10-31")) != nil, "60 days")
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, date: "2026-11-01")) == nil, "61 days")
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, date: "2026-08-31")) == nil, "found before it went missing")
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, date: "2026-09-01")) != nil, "found the same day")
    }

    @Test func onlyWithinTwentyKilometres() {
        let missing = Self.report(.missing)
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, at: Self.east(19.5))) != nil)
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, at: Self.east(20.5))) == nil)
    }

    @Test func acrossTheDateLine() throws {
        let missing = Self.report(.missing, at: Coordinate(latitude: -16.5, longitude: 179.95))
        let found = Self.report(.found, at: Coordinate(latitude: -16.5, longitude: -179.95))
        let match = try #require(AnnouncementMatcher.match(found, missing))
        #expect(match.distanceKm < 12)
        #expect(AnnouncementMatcher.match(missing, Self.report(.found, at: Coordinate(latitude: -16.5, longitude: 0))) == nil)
    }

    @Test func onlyOpenReportsOfTheOppositeKind() {
        let missing = Self.report(.missing)
        #expect(AnnouncementMatcher.match(missing, Self.report(.missing)) == nil)
        #expect(AnnouncementMatcher.match(missing, Self.report(.closed)) == nil)
        #expect(AnnouncementMatcher.match(missing, missing) == nil)
    }

    @Test func nearerAndSoonerRanksHigher() {
        let missing = Self.report(.missing, date: "2026-10-01")
        let near = Self.report(.found, at: Self.east(1), date: "2026-10-02", id: "near")
        let far = Self.report(.found, at: Self.east(15), date: "2026-10-02", id: "far")
        let late = Self.report(.found, at: Self.east(1), date: "2026-11-20", id: "late")
        #expect(AnnouncementMatcher.matches(for: missing, among: [far, late, near]).map(\.candidate.id.rawValue) == ["near", "late", "far"])
    }

    /// With both photos' looks made, a photo that looks very alike ranks a far, later report above a near one
    /// whose photo is of another animal; a chip match stays first; without looks the order is as before.
    @Test func photosThatLookAlikeRankFirst() {
        let missing = Self.report(.missing, date: "2026-10-01")
        let near = Self.report(.found, at: Self.east(1), date: "2026-10-02", id: "near")
        let alike = Self.report(.found, at: Self.east(15), date: "2026-10-20", id: "alike")
        let cosines = ["near": 0.2, "alike": 0.93]
        let ranked = AnnouncementMatcher.matches(for: missing, among: [near, alike]) { cosines[$0.id.rawValue] }
        #expect(ranked.map(\.candidate.id.rawValue) == ["alike", "near"])
        #expect(ranked.map(\.likeness) == [0.93, 0.2])
        #expect(ranked.allSatisfy { $0.score < 1 })
        #expect(AnnouncementMatcher.matches(for: missing, among: [near, alike]).map(\.candidate.id.rawValue) == ["near", "alike"])
        // A photo only somewhat alike is no better than no photo comparison at all for a near report.
        let plain = AnnouncementMatcher.match(missing, near)!.score, unlike = AnnouncementMatcher.match(missing, near, likeness: 0.2)!.score
        #expect(unlike < plain)
        #expect(AnnouncementMatcher.photoAgreement(0.25) == 0 && AnnouncementMatcher.photoAgreement(Likeness.veryAlikeFrom) == 1)
    }

    /// Found by schemathesis: a found report dated 0001-01-01 crashed the server (Foundation's calendar
    /// cannot count back from year 1, and its days before 1582 are Julian).
    @Test func candidateDatesWindowAtTheStartOfTheCalendar() {
        #expect(AnnouncementMatcher.candidateDates(for: Self.report(.found, date: "0001-01-01")) == "0000-11-02"..."0001-01-01")
        #expect(AnnouncementMatcher.candidateDates(for: Self.report(.found, date: "0000-01-01")) == "-001-11-02"..."0000-01-01")
        #expect(AnnouncementMatcher.candidateDates(for: Self.report(.missing, date: "1582-10-01")) == "1582-10-01"..."1582-11-30")
        #expect(ReportDate.adding(1, to: ReportDate("9999-12-31")!).text == "10000-01-01")
        #expect(ReportDate.adding(-366, to: ReportDate("2025-01-01")!) == ReportDate("2024-01-01"))
        #expect(ReportDate.adding(60, to: ReportDate("2024-01-01")!) == ReportDate("2024-03-01"))
    }

    @Test func candidateDatesWindow() {
        #expect(AnnouncementMatcher.candidateDates(for: Self.report(.missing, date: "2026-12-15")) == "2026-12-15"..."2027-02-13")
        #expect(AnnouncementMatcher.candidateDates(for: Self.report(.found, date: "2026-03-01")) == "2025-12-31"..."2026-03-01")
    }
}
