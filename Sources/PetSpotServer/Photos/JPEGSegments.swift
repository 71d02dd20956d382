/// A JPEG's segments, walked from a picture's start marker: one walk for the size check
/// (`ImageDimensions`) and the place removal (`PhotoLocation`). Fill bytes and marker-only segments are
/// stepped over; the walk ends at the picture's data (`SOS`) or end (`EOI`), at bytes that are no
/// segment, or after `maxSteps` (a run of fill bytes cannot make it read a file byte by byte).
enum JPEGSegments {
    static let maxSteps = 100_000

    /// Calls `visit` with each segment's marker, offset and length (its two length bytes included) until
    /// `visit` answers false; `read` gives `count` bytes at an offset, nil past the end. Answers the
    /// offset where the walk stopped.
    @discardableResult
    static func walk(
        from start: Int, read: (Int, Int) throws -> [UInt8]?, _ visit: (_ marker: UInt8, _ offset: Int, _ length: Int) throws -> Bool
    ) rethrows -> Int {
        var offset = start + 2
        for _ in 0..<maxSteps {
            guard let head = try read(offset, 4), head[0] == 0xFF else { return offset }
            let marker = head[1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if (0xD0...0xD8).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            let length = Int(head[2]) << 8 | Int(head[3])
            guard marker != 0xDA, marker != 0xD9, length >= 2, try visit(marker, offset, length) else { return offset }
            offset += 2 + length
        }
        return offset
    }
}
