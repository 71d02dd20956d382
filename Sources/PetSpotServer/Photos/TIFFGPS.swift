import Foundation

/// What a TIFF structure (EXIF is one) tells of where and by whom a photo was taken: its GPS block
/// emptied (entries and the values they point to zeroed, entry count 0, so readers find an empty block),
/// and the texts that name a place, a person or a camera blanked.
enum TIFFGPS {
    /// The byte size of each TIFF field type.
    static let typeSizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    /// Whether the TIFF structure at `start` is big-endian (`MM`) or little-endian (`II`); nil when it is neither.
    static func isBigEndian(_ data: [UInt8], at start: Int) -> Bool? {
        guard start >= 0, start + 8 <= data.count, data[start] == data[start + 1] else { return nil }
        return data[start] == 0x4D ? true : data[start] == 0x49 ? false : nil
    }

    /// Empties the GPS block of the TIFF structure at `start` in `data`; false when there is none, or
    /// the structure cannot be followed.
    static func empty(_ data: inout [UInt8], at start: Int) -> Bool {
        guard let bigEndian = isBigEndian(data, at: start) else { return false }
        func read(_ offset: Int, _ count: Int) -> Int? { value(in: data, at: offset, count: count, bigEndian: bigEndian) }
        guard read(start + 2, 2) == 42, let first = read(start + 4, 4), let entries = read(start + first, 2) else { return false }
        let pointer = (0..<entries).map { start + first + 2 + 12 * $0 }.first { read($0, 2) == 0x8825 }
        guard let pointer, let gps = read(pointer + 8, 4).map({ start + $0 }), let count = read(gps, 2),
            gps + 2 + 12 * count <= data.count
        else { return false }
        for entry in (0..<count).map({ gps + 2 + 12 * $0 }) {
            if let type = read(entry + 2, 2), let size = typeSizes[type], let values = read(entry + 4, 4), size * values > 4,
                let at = read(entry + 8, 4).map({ start + $0 }), at + size * values <= data.count
            {
                data.replaceSubrange(at..<at + size * values, with: repeatElement(0, count: size * values))
            }
            data.replaceSubrange(entry..<entry + 12, with: repeatElement(0, count: 12))
        }
        data.replaceSubrange(gps..<gps + 2, with: [0, 0])
        return true
    }

    /// Empties the GPS block and blanks the tags that name a place, a person or a camera (`blankTags`).
    static func scrub(_ data: inout [UInt8], at start: Int) -> Bool {
        [empty(&data, at: start), blankTags(&data, at: start)].contains(true)
    }

    /// Tags whose values can repeat the place, blanked with spaces: XMP (700), IPTC (33723) and
    /// Photoshop's resources (34377).
    static let placeTags: Set<Int> = [700, 33723, 34377]
    /// Tags whose values name a person or a camera, zeroed: ImageDescription (270), Artist (315), Copyright
    /// (33432), Windows' XPTitle…XPSubject (40091–40095); in the EXIF directory UserComment (37510),
    /// MakerNote (37500, where cameras keep their serial), ImageUniqueID (42016), CameraOwnerName (42032),
    /// BodySerialNumber (42033) and LensSerialNumber (42037). A serial links the photos of one camera.
    static let personTags: Set<Int> = [270, 315, 33432, 40091, 40092, 40093, 40094, 40095, 37510, 37500, 42016, 42032, 42033, 42037]

    /// Blanks `placeTags` and `personTags` in every directory of the TIFF structure at `start` and in
    /// its EXIF directories (34665); false when there is none.
    static func blankTags(_ data: inout [UInt8], at start: Int) -> Bool {
        guard let bigEndian = isBigEndian(data, at: start) else { return false }
        func read(_ offset: Int, _ count: Int) -> Int? { value(in: data, at: offset, count: count, bigEndian: bigEndian) }
        var pending = [read(start + 4, 4) ?? 0], seen = Set<Int>(), changed = false
        while let directory = pending.popLast() {
            var next = directory
            while next > 0, seen.insert(next).inserted, seen.count <= 64, let entries = read(start + next, 2) {
                for entry in (0..<entries).map({ start + next + 2 + 12 * $0 }) {
                    guard let tag = read(entry, 2), let type = read(entry + 2, 2), let size = typeSizes[type], let values = read(entry + 4, 4) else { continue }
                    if tag == 34665, let exif = read(entry + 8, 4) { pending.append(exif) }
                    guard placeTags.contains(tag) || personTags.contains(tag) else { continue }
                    let length = size * values, at = length > 4 ? read(entry + 8, 4).map { start + $0 } ?? -1 : entry + 8
                    guard at >= 0, length <= data.count - at else { continue }
                    data.replaceSubrange(at..<at + length, with: repeatElement(placeTags.contains(tag) ? 0x20 : 0, count: length))
                    changed = true
                }
                next = read(start + next + 2 + 12 * entries, 4) ?? 0
            }
        }
        return changed
    }

    /// The `count`-byte number at `offset`, or nil past the end.
    static func value(in data: [UInt8], at offset: Int, count: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset + count <= data.count else { return nil }
        return Int(number(Array(data[offset..<offset + count]), bigEndian: bigEndian))
    }

    static func number(_ bytes: [UInt8], bigEndian: Bool) -> UInt32 {
        (bigEndian ? bytes : bytes.reversed()).reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func bytes(_ value: UInt32, bigEndian: Bool) -> [UInt8] {
        let big = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        return bigEndian ? big : big.reversed()
    }
}
