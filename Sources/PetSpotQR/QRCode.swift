/// A QR code (ISO/IEC 18004) of some bytes: byte mode, error correction level M (15 % of the code may be
/// damaged), the smallest version (1–40) that holds them, the mask with the lowest penalty. Modules
/// are `true` for dark. Written here because no QR library is among the packages we may use; decoded
/// by real decoders (zbar) in the tests.
public struct QRCode: Sendable, Equatable {
    public let version: Int
    public let size: Int
    public let mask: Int
    /// Row by row, `size × size`.
    public let modules: [Bool]

    public enum Failure: Error, Equatable { case tooLong(bytes: Int) }

    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    public init(text: String) throws(Failure) {
        try self.init(bytes: Array(text.utf8))
    }

    public init(bytes: [UInt8]) throws(Failure) {
        guard let version = (1...40).first(where: { QRTables.dataCodewords($0) * 8 >= Self.bitLength(bytes.count, version: $0) }) else {
            throw .tooLong(bytes: bytes.count)
        }
        let codewords = QRTables.interleavedWithCorrection(Self.dataCodewords(bytes, version: version), version: version)
        var grid = QRGrid(version: version)
        grid.drawFunctionPatterns()
        grid.placeCodewords(codewords)
        var best: (mask: Int, penalty: Int, grid: QRGrid)?
        for mask in 0..<8 {
            var candidate = grid
            candidate.applyMask(mask)
            candidate.drawFormatBits(mask: mask)
            let penalty = candidate.penalty()
            if penalty < best?.penalty ?? .max { best = (mask, penalty, candidate) }
        }
        self.version = version
        size = grid.size
        mask = best!.mask
        modules = best!.grid.modules
    }

    static func bitLength(_ count: Int, version: Int) -> Int {
        4 + (version <= 9 ? 8 : 16) + 8 * count
    }

    /// Mode, length, the bytes, the terminator and padding, as the version's data codewords.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        let capacity = QRTables.dataCodewords(version) * 8
        append(0b0100, 4)
        append(bytes.count, version <= 9 ? 8 : 16)
        for byte in bytes { append(Int(byte), 8) }
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var result = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while result.count < capacity / 8 {
            result.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return result
    }
}
