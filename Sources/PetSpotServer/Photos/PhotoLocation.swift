import Foundation

/// Where a photo was taken never leaves the server: before an uploaded photo is kept, the GPS block of
/// its EXIF is emptied and its XMP packet and IPTC record (which may repeat the place) blanked, in JPEG,
/// PNG, WebP, TIFF, HEIC, HEIF and GIF files. The file keeps its length and everything else: the picture, its
/// orientation, its colour profile. A block the parser cannot follow is left as it is (no reader can
/// follow it either).
enum PhotoLocation {
    static func remove(from file: URL, type: ImageType) throws {
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        switch type {
        case .jpeg: try jpeg(handle)
        case .png: try chunks(handle, at: 8, header: 8, bigEndian: true, trailer: 4) { name, data in png(&name, &data) }
        case .webp: try chunks(handle, at: 12, header: 8, bigEndian: false, trailer: 0) { name, data in webp(&name, &data) }
        case .heic, .heif: try heif(handle)
        case .tiff, .gif:
            var whole = [UInt8](try handle.readToEnd() ?? Data())
            let changed = type == .gif ? gif(&whole) : [TIFFGPS.empty(&whole, at: 0), TIFFGPS.blankPlaceTags(&whole)].contains(true)
            if changed { try write(whole, to: handle, at: 0) }
        case .bmp: return
        }
    }

    static let exifHeader = Array("Exif\0\0".utf8)

    /// PNG (length, name, data, CRC) and WebP (name, length, data, a pad byte to an even length) chunks.
    private static func chunks(
        _ handle: FileHandle, at start: UInt64, header: Int, bigEndian: Bool, trailer: Int,
        _ scrub: (inout String, inout [UInt8]) -> Bool
    ) throws {
        var offset = start
        while let head = try read(handle, at: offset, count: header) {
            let lengthBytes = bigEndian ? head[0..<4] : head[4..<8]
            let length = Int(TIFFGPS.number(Array(lengthBytes), bigEndian: bigEndian))
            var name = String(decoding: bigEndian ? head[4..<8] : head[0..<4], as: UTF8.self)
            // Read with its CRC, so a chunk cut short is left alone.
            if ["eXIf", "iTXt", "tEXt", "zTXt", "EXIF", "XMP "].contains(name),
                let whole = try read(handle, at: offset + UInt64(header), count: length + trailer),
                case var data = Array(whole.prefix(length)), scrub(&name, &data)
            {
                try write(Array(name.utf8), to: handle, at: offset + (bigEndian ? 4 : 0))
                try write(data, to: handle, at: offset + UInt64(header))
                if trailer == 4 {
                    let crc = TIFFGPS.bytes(crc32(Array(name.utf8) + data), bigEndian: true)
                    try write(crc, to: handle, at: offset + UInt64(header + length))
                }
            }
            offset += UInt64(header + length + trailer + (bigEndian ? 0 : length % 2))
        }
    }

    /// PNG: `eXIf` loses its GPS block; a text chunk holding XMP or a raw EXIF or IPTC profile (as
    /// ImageMagick and exiv2 write them, compressed or not) becomes an empty `Comment` of its length.
    private static func png(_ name: inout String, _ data: inout [UInt8]) -> Bool {
        if name == "eXIf" { return TIFFGPS.empty(&data, at: 0) }
        let keyword = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self).lowercased()
        guard keyword == "xml:com.adobe.xmp" || keyword.hasPrefix("raw profile type") else { return false }
        let comment = Array("Comment\0".utf8)
        name = "tEXt"
        data.replaceSubrange(0..<comment.count, with: comment)
        blank(&data, from: comment.count)
        return true
    }

    private static func webp(_ name: inout String, _ data: inout [UInt8]) -> Bool {
        guard name == "EXIF" else {
            blank(&data, from: 0)
            return true
        }
        return TIFFGPS.empty(&data, at: data.starts(with: exifHeader) ? exifHeader.count : 0)
    }

    static func blank(_ data: inout [UInt8], from start: Int) {
        for index in start..<data.count { data[index] = 0x20 }
    }

    /// `count` bytes at `offset`, or nil when the file ends before them.
    static func read(_ handle: FileHandle, at offset: UInt64, count: Int) throws -> [UInt8]? {
        try handle.seek(toOffset: offset)
        guard let data = try handle.read(upToCount: count), data.count == count else { return nil }
        return [UInt8](data)
    }

    static func write(_ bytes: [UInt8], to handle: FileHandle, at offset: UInt64) throws {
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data(bytes))
    }

    /// PNG's CRC-32 (ISO 3309) of a chunk's name and data.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// The GPS block of a TIFF structure (EXIF is one): its entries and the values they point to zeroed,
/// its entry count 0, so readers find an empty GPS block.
enum TIFFGPS {
    /// Empties the GPS block of the TIFF structure at `start` in `data`; false when there is none, or
    /// the structure cannot be followed.
    static func empty(_ data: inout [UInt8], at start: Int) -> Bool {
        guard start + 8 <= data.count else { return false }
        let bigEndian: Bool
        switch (data[start], data[start + 1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return false
        }
        func read(_ offset: Int, _ count: Int) -> Int? { value(in: data, at: offset, count: count, bigEndian: bigEndian) }
        guard read(start + 2, 2) == 42, let first = read(start + 4, 4), let entries = read(start + first, 2) else { return false }
        let pointer = (0..<entries).map { start + first + 2 + 12 * $0 }.first { read($0, 2) == 0x8825 }
        guard let pointer, let gps = read(pointer + 8, 4).map({ start + $0 }), let count = read(gps, 2),
            gps + 2 + 12 * count <= data.count
        else { return false }
        let sizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8]
        for entry in (0..<count).map({ gps + 2 + 12 * $0 }) {
            if let type = read(entry + 2, 2), let size = sizes[type], let values = read(entry + 4, 4), size * values > 4,
                let at = read(entry + 8, 4).map({ start + $0 }), at + size * values <= data.count
            {
                data.replaceSubrange(at..<at + size * values, with: repeatElement(0, count: size * values))
            }
            data.replaceSubrange(entry..<entry + 12, with: repeatElement(0, count: 12))
        }
        data.replaceSubrange(gps..<gps + 2, with: [0, 0])
        return true
    }

    /// Blanks the values of the tags that can repeat the place in every directory of a TIFF file: XMP (700),
    /// IPTC (33723) and Photoshop's resources (34377); false when there is none.
    static func blankPlaceTags(_ data: inout [UInt8]) -> Bool {
        guard data.count >= 8, data[0] == data[1], data[0] == 0x49 || data[0] == 0x4D else { return false }
        let bigEndian = data[0] == 0x4D
        func read(_ offset: Int, _ count: Int) -> Int? { value(in: data, at: offset, count: count, bigEndian: bigEndian) }
        let sizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]
        var directory = read(4, 4) ?? 0, seen = Set<Int>(), changed = false
        while directory > 0, seen.insert(directory).inserted, seen.count <= 64, let entries = read(directory, 2) {
            for entry in (0..<entries).map({ directory + 2 + 12 * $0 }) {
                guard let tag = read(entry, 2), [700, 33723, 34377].contains(tag), let type = read(entry + 2, 2),
                    let size = sizes[type], let values = read(entry + 4, 4)
                else { continue }
                let length = size * values, at = length > 4 ? read(entry + 8, 4) ?? -1 : entry + 8
                guard at >= 0, length <= data.count - at else { continue }
                data.replaceSubrange(at..<at + length, with: repeatElement(0x20, count: length))
                changed = true
            }
            directory = read(directory + 2 + 12 * entries, 4) ?? 0
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
