import Foundation

extension ImageDimensions {
    /// A GIF's size as a decoder makes it: the logical screen grown to hold every frame. A frame may
    /// reach past the screen, and libvips decodes it whole, so a 35-byte file with a 1×1 screen can
    /// declare a 20,000² frame. Any version after `GIF` is read, as decoders (and `ImageType.detect`)
    /// do. The bytes are read in place: a 20 MB file of one-byte blocks is walked without allocating.
    static func gif<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> (Int, Int)? where Bytes.Element == UInt8, Bytes.Index == Int {
        let start = bytes.startIndex, count = bytes.count
        func byte(_ offset: Int) -> Int? { offset < count ? Int(bytes[start + offset]) : nil }
        func le(_ offset: Int) -> Int? { byte(offset).flatMap { low in byte(offset + 1).map { low | $0 << 8 } } }
        guard count >= 13, byte(0) == 0x47, byte(1) == 0x49, byte(2) == 0x46, var width = le(6), var height = le(8) else { return nil }
        var offset: Int? = 13 + colorTableLength(byte(10) ?? 0)
        while let at = offset, let kind = byte(at) {
            switch kind {
            case 0x21: // an extension: its label, then its data blocks
                offset = afterDataBlocks(from: at + 2, byte)
            case 0x2C: // a frame: where it sits and its size, a local colour table, then its image data
                guard let left = le(at + 1), let top = le(at + 3), let frameWidth = le(at + 5), let frameHeight = le(at + 7),
                    let flags = byte(at + 9)
                else { return (width, height) }
                width = max(width, left + frameWidth)
                height = max(height, top + frameHeight)
                offset = afterDataBlocks(from: at + 10 + colorTableLength(flags) + 1, byte)
            default: // the trailer, or bytes that are no block
                return (width, height)
            }
        }
        return (width, height)
    }

    /// The bytes of the colour table a packed-fields byte announces.
    private static func colorTableLength(_ flags: Int) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << ((flags & 0x07) + 1)
    }

    /// The offset after a run of data blocks (each a length byte and that many bytes, ended by a zero
    /// length); nil when the file ends first.
    private static func afterDataBlocks(from start: Int, _ byte: (Int) -> Int?) -> Int? {
        var offset = start
        while let length = byte(offset) {
            if length == 0 { return offset + 1 }
            offset += 1 + length
        }
        return nil
    }
}
