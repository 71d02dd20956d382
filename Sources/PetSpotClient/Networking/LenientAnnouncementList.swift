import Foundation

/// The list answer read leniently: an item that cannot be understood (no id, coordinates out of range,
/// unknown status, not an object) is skipped instead of failing the whole list; duplicates keep the first.
struct LenientAnnouncementList: Decodable {
    var items: [LenientAnnouncement]

    /// The wrapper's one key.
    enum CodingKeys: String, CodingKey { case data }

    init(from decoder: any Decoder) throws {
        var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .data)
        var items: [LenientAnnouncement] = [], seen = Set<AnnouncementID>()
        while !list.isAtEnd {
            if let item = try? list.decode(LenientAnnouncement.self) {
                if seen.insert(item.announcement.id).inserted { items.append(item) }
            } else {
                _ = try? list.decode(Skipped.self)
            }
        }
        self.items = items
    }

    /// Consumes one element of any shape.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

/// One announcement read field by field: unknown species or sex text, null phone, photo or sex, and
/// missing optional keys are all accepted; an id, valid coordinates and a known status are required.
struct LenientAnnouncement: Decodable {
    var announcement: Announcement

    /// The contract's 18 keys.
    enum Key: String, CodingKey {
        case id, petName, species, breed, sex, age, description, microchipNumber, locationLatitude,
             locationLongitude, lastSeenDate, email, phone, photoUrl, status, reward, createdAt, updatedAt
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func text(_ key: Key) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func number(_ key: Key) -> Double? { (try? c.decodeIfPresent(Double.self, forKey: key)) ?? nil }
        guard let id = text(.id), !id.isEmpty, let lat = number(.locationLatitude), let lng = number(.locationLongitude),
              Coordinate(latitude: lat, longitude: lng).isValid, let status = Self.status(text(.status)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unusable announcement"))
        }
        announcement = Announcement(
            id: AnnouncementID(id), petName: text(.petName), species: text(.species) ?? AnimalSpecies.other.rawValue,
            breed: text(.breed), sex: text(.sex) ?? AnimalSex.unknown.rawValue,
            age: (try? c.decodeIfPresent(Int.self, forKey: .age)) ?? nil, description: text(.description),
            microchipNumber: text(.microchipNumber), location: Coordinate(latitude: lat, longitude: lng),
            lastSeenDate: text(.lastSeenDate) ?? "", email: text(.email), phone: text(.phone), photoURL: text(.photoUrl),
            status: status, reward: text(.reward), createdAt: Self.date(text(.createdAt)), updatedAt: Self.date(text(.updatedAt)))
    }

    /// MISSING (or the older ACTIVE), FOUND, CLOSED in any case.
    private static func status(_ text: String?) -> AnnouncementStatus? {
        let value = (text ?? AnnouncementStatus.missing.rawValue).trimmingCharacters(in: .whitespaces).uppercased()
        return value == "ACTIVE" ? .missing : AnnouncementStatus(rawValue: value)
    }

    private static func date(_ text: String?) -> Date {
        text.flatMap { try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse($0) }
            ?? text.flatMap { try? Date.ISO8601FormatStyle().parse($0) } ?? Date(timeIntervalSince1970: 0)
    }
}
