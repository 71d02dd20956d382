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
            string(a.pet[keyPath: text.keyPath], &buffer)
        }
    }

    static func write(_ a: AnnouncementDTO, into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"id\":"); string(a.id, &buffer)
        texts(Self.afterID, of: a, &buffer)
        buffer.writeStaticString(",\"species\":"); string(a.species, &buffer)
        texts(Self.afterSpecies, of: a, &buffer)
        buffer.writeStaticString(",\"sex\":"); string(a.sex, &buffer)
        buffer.writeStaticString(",\"age\":"); buffer.writeString(a.age.map { "\($0)" } ?? "null")
        texts(Self.afterAge, of: a, &buffer)
        buffer.writeStaticString(",\"microchipNumber\":"); string(a.microchipNumber, &buffer)
        buffer.writeStaticString(",\"locationLatitude\":"); number(a.locationLatitude, &buffer)
        buffer.writeStaticString(",\"locationLongitude\":"); number(a.locationLongitude, &buffer)
        buffer.writeStaticString(",\"lastSeenDate\":"); string(a.lastSeenDate, &buffer)
        buffer.writeStaticString(",\"email\":"); string(a.email, &buffer)
        buffer.writeStaticString(",\"phone\":"); string(a.phone, &buffer)
        buffer.writeStaticString(",\"photoUrl\":"); string(a.photoUrl, &buffer)
        buffer.writeStaticString(",\"status\":"); string(a.status, &buffer)
        buffer.writeStaticString(",\"reward\":"); string(a.reward, &buffer)
        buffer.writeStaticString(",\"createdAt\":"); string(a.createdAt, &buffer)
        buffer.writeStaticString(",\"updatedAt\":"); string(a.updatedAt, &buffer)
        if let place = a.place {
            buffer.writeStaticString(",\"place\":{\"name\":"); string(place.name, &buffer)
            buffer.writeStaticString(",\"countryCode\":"); string(place.countryCode, &buffer)
            buffer.writeStaticString(",\"distanceKm\":"); number(place.distanceKm, &buffer)
            buffer.writeStaticString("}")
        }
        if let visibility = a.contactVisibility {
            buffer.writeStaticString(",\"contactVisibility\":"); string(visibility, &buffer)
        }
        buffer.writeStaticString("}")
    }

    /// Swift's shortest round-tripping form; JSON has no NaN or infinity, so those become null.
    static func number(_ value: Double, _ buffer: inout ByteBuffer) {
        buffer.writeString(value.isFinite ? "\(value)" : "null")
    }

    static func string(_ text: String?, _ buffer: inout ByteBuffer) {
        guard var value = text else {
            buffer.writeStaticString("null")
            return
        }
        buffer.writeStaticString("\"")
        // One pass over the bytes: runs that need no escaping are copied whole.
        value.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == 0x22 || bytes[index] == 0x5C {
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                escape(bytes[index], &buffer)
                start = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        buffer.writeStaticString("\"")
    }

    /// One UTF-8 byte of a string that needs escaping: quote, backslash and control characters.
    static func escape(_ byte: UInt8, _ buffer: inout ByteBuffer) {
        switch byte {
        case 0x22: buffer.writeStaticString("\\\"")
        case 0x5C: buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case ..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            buffer.writeBytes([0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        default: buffer.writeInteger(byte)
        }
    }
}
