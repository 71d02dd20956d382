import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// Demo reports for a first look (`petspot serve --demo`), loaded only into an empty database. Their
/// photos are drawn here, not copied from anywhere.
enum DemoData {
    struct Pet {
        var name: String, species: String, breed: String?, sex: String, age: Int?, chip: String?
        var latitude: Double, longitude: Double, daysAgo: Int, email: String?, phone: String?
        var status: AnnouncementStatus, reward: String?, description: String
        var color: (UInt8, UInt8, UInt8)
    }

    static let pets: [Pet] = [
        Pet(
            name: "Fredi", species: "DOG", breed: "Yorkshire Terrier", sex: "MALE", age: 4, chip: nil, latitude: 51.12, longitude: 17.0,
            daysAgo: 2, email: "fredi.owner@example.pl", phone: "+48 123 456 789", status: .missing, reward: "300 PLN",
            description: "Small, tan and grey, red collar. Frightened of bicycles.", color: (196, 142, 84)),
        Pet(
            name: "Luna", species: "CAT", breed: nil, sex: "FEMALE", age: 3, chip: "123456789012345", latitude: 51.15, longitude: 16.95,
            daysAgo: 5, email: nil, phone: "555-0102", status: .missing, reward: "500 PLN",
            description: "Black with a white chest. Microchipped. Very shy.", color: (40, 40, 48)),
        Pet(
            name: "Piorun", species: "BIRD", breed: "Budgie", sex: "UNKNOWN", age: nil, chip: nil, latitude: 51.08, longitude: 16.98,
            daysAgo: 3, email: "anna.nowak@example.pl", phone: nil, status: .missing, reward: nil,
            description: "Green and yellow budgie, answers to a whistle.", color: (120, 200, 80)),
        Pet(
            name: "", species: "DOG", breed: "Labrador mix", sex: "MALE", age: 5, chip: nil, latitude: 51.1079, longitude: 17.0328,
            daysAgo: 1, email: "finder@example.pl", phone: "5551234", status: .found, reward: nil,
            description: "Found near the market square, friendly, no collar. Staying with me until the owner calls.", color: (230, 200, 120)),
        Pet(
            name: "Uszatek", species: "RABBIT", breed: "Dwarf rabbit", sex: "FEMALE", age: 1, chip: nil, latitude: 53.43, longitude: 14.55,
            daysAgo: 4, email: "joanna.mazur@example.pl", phone: "555-0199", status: .missing, reward: nil,
            description: "White with grey ears.", color: (235, 235, 235)),
        Pet(
            name: "", species: "CAT", breed: "Siamese", sex: "MALE", age: nil, chip: nil, latitude: 53.44, longitude: 14.54,
            daysAgo: 0, email: "shelter@example.pl", phone: "+48 555 987 654", status: .found, reward: nil,
            description: "Found in a stairwell, well fed, blue eyes.", color: (210, 190, 160)),
    ]

    static func load(into service: AnnouncementService, store: any AnnouncementStore) async throws {
        guard try await store.count() == 0 else { return }
        for pet in pets {
            let date = ReportDate(Date().addingTimeInterval(-Double(pet.daysAgo) * 86_400), in: TimeZone(identifier: "UTC")!)
            let input = ValidatedAnnouncement(
                petName: pet.name.isEmpty ? nil : pet.name, species: pet.species, breed: pet.breed, sex: pet.sex, age: pet.age,
                description: pet.description, microchipNumber: pet.chip,
                location: Coordinate(latitude: pet.latitude, longitude: pet.longitude), email: pet.email, phone: pet.phone,
                lastSeenDate: date.text, status: pet.status, reward: pet.reward)
            let (announcement, _, _) = try await service.create(input)
            let file = try service.photos.makeTemporaryFile()
            let png = DemoPhoto.png(width: 240, height: 180, color: pet.color)
            try Data(png).write(to: file)
            try await service.setPhoto(announcement.id, upload: UploadedPhoto(file: file, size: png.count, head: Array(png.prefix(12))), type: .png)
        }
    }
}

/// Draws a simple paw print on a coloured background and encodes it as an uncompressed PNG.
enum DemoPhoto {
    static func png(width: Int, height: Int, color: (UInt8, UInt8, UInt8)) -> [UInt8] {
        let pads = [(0.5, 0.62, 0.17), (0.3, 0.35, 0.08), (0.43, 0.26, 0.08), (0.57, 0.26, 0.08), (0.7, 0.35, 0.08)]
        let ink: UInt8 = (Int(color.0) + Int(color.1) + Int(color.2)) > 380 ? 60 : 245
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let (u, v) = (Double(x) / Double(width), Double(y) / Double(height))
                let onPad = pads.contains { ((u - $0.0) * 1.33) * ((u - $0.0) * 1.33) + (v - $0.1) * (v - $0.1) < $0.2 * $0.2 }
                raw += onPad ? [ink, ink, ink] : [color.0, color.1, color.2]
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(PhotoLocation.crc32(body))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
