import Foundation
import PetSpotDomain

extension Announcement {
    /// The tests' one report fixture: a missing dog near Wrocław with its public fields filled in and a
    /// fixed creation time. A test names only what it is about.
    public static func mock(
        id: AnnouncementID = .generate(), petName: String? = "Burek", species: String = "DOG", breed: String? = "Labrador mix",
        sex: String = "MALE", age: Int? = 5, description: String? = "Friendly", microchipNumber: String? = nil,
        location: Coordinate = Coordinate(latitude: 51.1, longitude: 17.0), lastSeenDate: String = "2025-11-10",
        email: String? = "owner@example.pl", phone: String? = "+48 555 123 456", photoURL: String? = nil,
        status: AnnouncementStatus = .missing, reward: String? = nil, createdAt: Date = Date(timeIntervalSince1970: 1_763_000_000),
        language: String = "en", contactRelayed: Bool = false
    ) -> Announcement {
        Announcement(
            id: id, petName: petName, species: species, breed: breed, sex: sex, age: age, description: description,
            microchipNumber: microchipNumber, location: location, lastSeenDate: lastSeenDate, email: email, phone: phone,
            photoURL: photoURL, status: status, reward: reward, createdAt: createdAt, updatedAt: createdAt,
            language: language, contactRelayed: contactRelayed)
    }
}

extension Announcement {
    /// `count` reports scattered at random (from `seed`, the same every run) over a 40 km square around
    /// Wrocław: missing, found and closed in turn, one in ten without a photo, a second apart.
    public static func scattered(_ count: Int, seed: UInt64) -> [Announcement] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            var report = Announcement.mock(
                location: Coordinate(
                    latitude: Double.random(in: 50.9...51.3, using: &generator),
                    longitude: Double.random(in: 16.8...17.2, using: &generator)), photoURL: i % 10 == 0 ? nil : "/images/p.png",
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(i)))
            report.status = [.missing, .found, .closed][i % 3]
            return report
        }
    }
}
