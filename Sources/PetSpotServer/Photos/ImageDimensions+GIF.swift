import Foundation

extension ImageDimensions {
    /// A GIF's size as a decoder makes it: the logical screen grown to hold every frame. A frame may
    /// reach past the screen, and libvips decodes it whole, so a 35-byte file with a 1×1 screen can
    /// declare a 20,000² frame. `read` gives `count` bytes at an offset, nil past the end.
    static func gif(_ read: (Int, Int) -> [UInt8]?) -> (Int, Int)? {
        guard let header = read(0, 13), header.starts(with: Array("GIF87a".utf8)) || header.starts(with: Array("GIF89a".utf8)) else {
            return nil
        }
        func le(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var (width, height) = (le(header, 6), le(header, 8))
        var offset: Int? = 13 + colorTableLength(header[10])
        while let at = offset, let kind = read(at, 1)?.first {
            switch kind {
            case 0x21: // an extension: its label, then its data blocks
                offset = afterDataBlocks(from: at + 2, read)
            case 0x2C: // a frame: where it sits and its size, a local colour table, then its image data
                guard let frame = read(at, 10) else { return (width, height) }
                width = max(width, le(frame, 1) + le(frame, 5))
                height = max(height, le(frame, 3) + le(frame, 7))
                offset = afterDataBlocks(from: at + 10 + colorTableLength(frame[9]) + 1, read)
            default: // the trailer, or bytes that are no block
                return (width, height)
            }
        }
        return (width, height)
    }

    /// The bytes of the colour table a packed-fields byte announces.
    private static func colorTableLength(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after a run of data blocks (each a length byte and that many bytes, ended by a zero
    /// length); nil when the file ends first.
    private static func afterDataBlocks(from start: Int, _ read: (Int, Int) -> [UInt8]?) -> Int? {
        var offset = start
        while let length = read(offset, 1)?.first {
            if length == 0 { return offset + 1 }
            offset += 1 + Int(length)
        }
        return nil
    }
}
