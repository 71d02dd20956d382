import Foundation

/// JPEG: the first picture's segments, then those of each picture stored after it (MPF's: a phone's
/// depth or HDR map, with EXIF and XMP of its own).
extension PhotoLocation {
    /// The most pictures one file is searched for (an MPF file holds two or three).
    static let maxPictures = 16

    static func jpeg(_ handle: FileHandle) throws {
        var start: UInt64 = 0
        for _ in 0..<maxPictures {
            let end = try jpegSegments(handle, from: start)
            guard let next = try nextPicture(handle, after: end) else { return }
            start = next
        }
    }

    /// Each segment before the data (`SOS`) of the picture at `start` (`JPEGSegments`): an APP1 with EXIF
    /// loses its GPS block; any other APP1 (XMP, in any packaging), an APP13 (Photoshop's IPTC, which
    /// names places) and a comment (`COM`, free text: a name, an address, the place) is blanked.
    /// Answers where the walk stopped.
    private static func jpegSegments(_ handle: FileHandle, from start: UInt64) throws -> UInt64 {
        let end = try JPEGSegments.walk(from: Int(start), read: { try read(handle, at: UInt64($0), count: $1) }) { marker, offset, length in
            guard [0xE1, 0xED, 0xFE].contains(marker), var payload = try read(handle, at: UInt64(offset + 4), count: length - 2) else { return true }
            if marker == 0xE1, payload.starts(with: exifHeader.prefix(5)) {
                if TIFFGPS.scrub(&payload, at: exifHeader.count) { try write(payload, to: handle, at: UInt64(offset + 4)) }
            } else {
                blank(&payload, from: 0)
                try write(payload, to: handle, at: UInt64(offset + 4))
            }
            return true
        }
        return UInt64(end)
    }

    /// Where the next picture starts (`FF D8 FF`) after `offset`, nil when none does. Inside a JPEG's
    /// compressed data 0xFF is followed only by 0x00 or a restart marker, so these bytes there are
    /// always another picture's start.
    private static func nextPicture(_ handle: FileHandle, after offset: UInt64) throws -> UInt64? {
        let block = 1 << 20
        var position = offset
        while true {
            try handle.seek(toOffset: position)
            let bytes = try handle.read(upToCount: block + 2) ?? Data()
            guard bytes.count >= 3 else { return nil }
            if let index = pictureStart(in: bytes) { return position + UInt64(index) }
            guard bytes.count == block + 2 else { return nil }
            position += UInt64(block)
        }
    }

    /// The first `FF D8 FF` in `bytes`, found with `memchr` (a photo's bytes are read once, at memory speed).
    private static func pictureStart(in bytes: Data) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress else { return nil }
            var index = 0
            while index + 2 < raw.count, let hit = memchr(base + index, 0xFF, raw.count - 2 - index) {
                let at = base.distance(to: UnsafeRawPointer(hit))
                if raw[at + 1] == 0xD8, raw[at + 2] == 0xFF { return at }
                index = at + 1
            }
            return nil
        }
    }
}
