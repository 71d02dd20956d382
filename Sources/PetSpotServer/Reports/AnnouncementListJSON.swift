import Hummingbird
import PetSpotAPI
import PetSpotDomain

/// Writes the list answer, `{"data":[…]}`, straight into a buffer, keys in contract order. Foundation's
/// `JSONEncoder` boxed every value and took a third of the server's CPU on a 50-report page; this gives
/// the same JSON value (a test decodes both and compares).
enum AnnouncementListJSON {
    static func encode(_ list: AnnouncementListDTO) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(64 + list.data.count * 600)
        buffer.writeStaticString("{\"data\":[")
        for (index, item) in list.data.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            write(item, into: &buffer)
        }
        buffer.writeStaticString("]}")
        return buffer
    }

    /// The pet's texts (`PetText`) and their keys as written (`,"petName":`), by the key they follow.
    static let afterID = texts(following: "id")
    static let afterSpecies = texts(following: "species")
    static let afterAge = texts(following: "age")

    static func texts(following key: String) -> [(PetText, [UInt8])] {
        PetText.allCases.filter { $0.wireFollows == key }.map { ($0, Array(",\"\($0.rawValue)\":".utf8)) }
    }

    static func texts(_ texts: [(PetText, [UInt8])], of a: AnnouncementDTO, _ buffer: inout ByteBuffer) {
        for (text, key) in texts {
            buffer.writeBytes(key)
            JSONText.string(a.pet[keyPath: text.keyPath], &buffer)
        }
    }

    /// The report's keys in contract order; a new report's `password` is the 19th, `managementPassword`,
    /// as the old backend placed it, before the keys added since.
    static func write(_ a: AnnouncementDTO, password: String? = nil, into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"id\":"); JSONText.string(a.id, &buffer)
        texts(Self.afterID, of: a, &buffer)
        buffer.writeStaticString(",\"species\":"); JSONText.string(a.species, &buffer)
        texts(Self.afterSpecies, of: a, &buffer)
        buffer.writeStaticString(",\"sex\":"); JSONText.string(a.sex, &buffer)
        buffer.writeStaticString(",\"age\":"); buffer.writeString(a.age.map { "\($0)" } ?? "null")
        texts(Self.afterAge, of: a, &buffer)
        buffer.writeStaticString(",\"microchipNumber\":"); JSONText.string(a.microchipNumber, &buffer)
        buffer.writeStaticString(",\"locationLatitude\":"); JSONText.number(a.locationLatitude, &buffer)
        buffer.writeStaticString(",\"locationLongitude\":"); JSONText.number(a.locationLongitude, &buffer)
        buffer.writeStaticString(",\"lastSeenDate\":"); JSONText.string(a.lastSeenDate, &buffer)
        buffer.writeStaticString(",\"email\":"); JSONText.string(a.email, &buffer)
        buffer.writeStaticString(",\"phone\":"); JSONText.string(a.phone, &buffer)
        buffer.writeStaticString(",\"photoUrl\":"); JSONText.string(a.photoUrl, &buffer)
        buffer.writeStaticString(",\"status\":"); JSONText.string(a.status, &buffer)
        buffer.writeStaticString(",\"reward\":"); JSONText.string(a.reward, &buffer)
        buffer.writeStaticString(",\"createdAt\":"); JSONText.string(a.createdAt, &buffer)
        buffer.writeStaticString(",\"updatedAt\":"); JSONText.string(a.updatedAt, &buffer)
        if let password { buffer.writeStaticString(",\"managementPassword\":"); JSONText.string(password, &buffer) }
        if let place = a.place {
            buffer.writeStaticString(",\"place\":{\"name\":"); JSONText.string(place.name, &buffer)
            buffer.writeStaticString(",\"countryCode\":"); JSONText.string(place.countryCode, &buffer)
            buffer.writeStaticString(",\"distanceKm\":"); JSONText.number(place.distanceKm, &buffer)
            buffer.writeStaticString("}")
        }
        if let visibility = a.contactVisibility {
            buffer.writeStaticString(",\"contactVisibility\":"); JSONText.string(visibility, &buffer)
        }
        buffer.writeStaticString("}")
    }
}

extension AnnouncementDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) { AnnouncementListJSON.write(self, into: &buffer) }
}

/// The report's 18 keys, then `managementPassword`, then the keys added since.
extension CreatedAnnouncementDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) { AnnouncementListJSON.write(announcement, password: managementPassword, into: &buffer) }
}
