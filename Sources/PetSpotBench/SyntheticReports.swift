import Foundation
import PetSpotDomain
import PetSpotStore

/// Deterministic synthetic reports: each one near a city picked by weight (a normal spread of
/// `spreadKm` on each axis), created at a uniform time in the `years` before `end`, mostly open and with a
/// photo, like a real service's archive. The same seed always gives the same reports.
public struct SyntheticReports: Sendable {
    public static let defaultEnd = Date(timeIntervalSince1970: 1_793_491_200) // 2026-11-01T00:00:00Z
    public let cities: [BenchCity]
    public let spreadKm: Double
    public let years: Double
    public let end: Date
    private var random: SplitMix64
    /// The city of the last point drawn: a report's place name.
    private var lastCity: BenchCity?
    private let cumulativeWeights: [Double]

    public init(
        seed: UInt64, cities: [BenchCity] = BenchCity.all, spreadKm: Double = 12, years: Double = 3,
        end: Date = SyntheticReports.defaultEnd
    ) {
        self.cities = cities
        self.spreadKm = spreadKm
        self.years = years
        self.end = end
        random = SplitMix64(seed: seed)
        var total = 0.0
        cumulativeWeights = cities.map {
            total += $0.weight; return total
        }
    }

    /// A city chosen with probability proportional to its weight.
    public mutating func nextCity() -> BenchCity {
        let pick = Double.random(in: 0..<(cumulativeWeights.last ?? 1), using: &random)
        return cities[cumulativeWeights.firstIndex { pick < $0 } ?? cities.count - 1]
    }

    /// A point drawn around a weighted city: where reports are, and where people search.
    public mutating func nextPoint() -> Coordinate {
        let city = nextCity()
        lastCity = city
        let kmPerDegree = Coordinate.earthRadiusKm * .pi / 180
        let north = random.nextGaussian() * spreadKm, east = random.nextGaussian() * spreadKm
        let latitude = min(89.9, max(-89.9, city.center.latitude + north / kmPerDegree))
        var longitude = city.center.longitude + east / (kmPerDegree * cos(latitude * .pi / 180))
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The next report.
    public mutating func next() -> Announcement {
        let id = nextID()
        let location = nextPoint()
        let created = end.addingTimeInterval(-Double.random(in: 0..<(years * 365.25 * 86_400), using: &random))
        let createdAt = Date(timeIntervalSince1970: (created.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        let roll = Double.random(in: 0..<1, using: &random)
        let status: AnnouncementStatus = roll < 0.6 ? .missing : roll < 0.9 ? .found : .closed
        let hasPhoto = Double.random(in: 0..<1, using: &random) < 0.95
        let species = ["DOG", "CAT", "BIRD", "RABBIT", "OTHER"][Int.random(in: 0..<5, using: &random)]
        let described = SyntheticDescriptions.next(species: species, using: &random)
        var report = Announcement(
            id: id, petName: described.name, species: species, breed: described.breed,
            sex: Bool.random(using: &random) ? "MALE" : "FEMALE", age: Int.random(in: 0...15, using: &random),
            description: described.description, location: location,
            lastSeenDate: String(Timestamp.string(createdAt).prefix(10)), email: "owner@example.com", phone: nil,
            photoURL: hasPhoto ? "/images/\(id.rawValue).jpg" : nil, status: status,
            createdAt: createdAt, updatedAt: createdAt)
        report.placeName = lastCity?.name
        return report
    }

    /// A search a finder might type (`SyntheticDescriptions.query`).
    public mutating func nextSearch() -> String { SyntheticDescriptions.query(using: &random) }

    /// The next `count` reports.
    public mutating func next(_ count: Int) -> [Announcement] {
        (0..<count).map { _ in next() }
    }

    /// A lower-case UUID v4 drawn from the seeded source.
    private mutating func nextID() -> AnnouncementID {
        let high = random.next(), low = random.next()
        let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
        var chars = Array(hex)
        chars[12] = "4"
        chars[16] = ["8", "9", "a", "b"][Int(low >> 62)]
        let text = String(chars)
        let parts = [
            text.prefix(8), text.dropFirst(8).prefix(4), text.dropFirst(12).prefix(4),
            text.dropFirst(16).prefix(4), text.dropFirst(20),
        ]
        return AnnouncementID(parts.joined(separator: "-"))
    }
}

extension String {
    func leftPadded(_ length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
