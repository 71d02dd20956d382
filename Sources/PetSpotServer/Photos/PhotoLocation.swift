import Foundation

/// Where a photo was taken never leaves the server: before an uploaded photo is kept, the GPS block of
/// its EXIF is emptied, its XMP packet and IPTC record (which may repeat the place) blanked, and so are
/// the EXIF texts that name a person or a camera (`TIFFGPS.scrub`), a JPEG's comments and a PNG's texts, in JPEG,
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
            let changed = type == .gif ? gif(&whole) : TIFFGPS.scrub(&whole, at: 0)
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

    /// PNG: `eXIf` loses its GPS block; every text chunk (an author, a description, a comment with the
    /// place, XMP or a raw EXIF or IPTC profile as ImageMagick and exiv2 write them, compressed or not)
    /// becomes an empty `Comment` (as much of the word as fits) of its length.
    private static func png(_ name: inout String, _ data: inout [UInt8]) -> Bool {
        if name == "eXIf" { return TIFFGPS.scrub(&data, at: 0) }
        guard data.count >= 2 else { return false }
        let keyword = Array("Comment".utf8.prefix(data.count - 1)) + [0]
        name = "tEXt"
        data.replaceSubrange(0..<keyword.count, with: keyword)
        blank(&data, from: keyword.count)
        return true
    }

    private static func webp(_ name: inout String, _ data: inout [UInt8]) -> Bool {
        guard name == "EXIF" else {
            blank(&data, from: 0)
            return true
        }
        return TIFFGPS.scrub(&data, at: data.starts(with: exifHeader) ? exifHeader.count : 0)
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
