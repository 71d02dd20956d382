/// GIF keeps a place in its extensions: XMP in an application extension (`XMP DataXMP`), any text in a
/// comment. Their data is blanked, the application's name too (so no reader looks for XMP in it), and the
/// file keeps its length and structure; the loop count (`NETSCAPE2.0`, `ANIMEXTS1.0`) and a colour profile
/// (`ICCRGBG1`) stay.
extension PhotoLocation {
    static let keptApplications: Set = ["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]

    /// Blanks `data`'s comments and unknown application extensions; false when there was none. A file
    /// that cannot be followed is left from where it stops being readable.
    static func gif(_ data: inout [UInt8]) -> Bool {
        guard data.count >= 13, data.starts(with: Array("GIF".utf8)) else { return false }
        var offset = 13, changed = false
        if data[10] & 0x80 != 0 { offset += 3 << ((Int(data[10]) & 7) + 1) }
        // The data sub-blocks from `offset` to their terminator, blanked when `blank`; false when the file ends first.
        func subBlocks(blank: Bool) -> Bool {
            while offset < data.count {
                let size = Int(data[offset])
                offset += 1
                if size == 0 { return true }
                guard offset + size <= data.count else { return false }
                if blank {
                    data.replaceSubrange(offset..<offset + size, with: repeatElement(0x20, count: size))
                    changed = true
                }
                offset += size
            }
            return false
        }
        while offset + 1 < data.count {
            switch data[offset] {
            case 0x21:
                let label = data[offset + 1]
                offset += 2
                var blank = label == 0xFE
                if label == 0xFF, offset + 12 <= data.count, data[offset] == 11 {
                    blank = !keptApplications.contains(String(decoding: data[offset + 1..<offset + 12], as: UTF8.self))
                }
                guard subBlocks(blank: blank) else { return changed }
            case 0x2C:
                guard offset + 10 < data.count else { return changed }
                let packed = Int(data[offset + 9])
                // The descriptor, its own colour table, the LZW code size, then the picture's sub-blocks.
                offset += 10 + (packed & 0x80 != 0 ? 3 << ((packed & 7) + 1) : 0) + 1
                guard subBlocks(blank: false) else { return changed }
            default: return changed // the trailer, or a byte no reader can follow
            }
        }
        return changed
    }
}
