/// The block structure of level M and its Reed–Solomon error correction over GF(256) (x⁸+x⁴+x³+x²+1).
enum QRTables {
    /// Error-correction codewords per block, level M, by version (index 0 unused).
    static let correctionPerBlock = [
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    /// Blocks, level M, by version.
    static let blocks = [
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
        29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]

    /// The modules that hold codewords (everything but the function patterns and format/version bits).
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewords(_ version: Int) -> Int {
        rawDataModules(version) / 8 - correctionPerBlock[version] * blocks[version]
    }

    /// The data split into blocks (the short ones first), each followed by its correction codewords,
    /// then read column by column across the blocks.
    static func interleavedWithCorrection(_ data: [UInt8], version: Int) -> [UInt8] {
        let blockCount = blocks[version], correction = correctionPerBlock[version]
        let raw = rawDataModules(version) / 8
        let shortBlocks = blockCount - raw % blockCount, shortLength = raw / blockCount
        let divisor = reedSolomonDivisor(degree: correction)
        var result: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength - correction + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<offset + length])
            offset += length
            let remainder = reedSolomonRemainder(block, divisor: divisor)
            // Short blocks get a placeholder where long ones have their extra data codeword.
            if index < shortBlocks { block.append(0) }
            result.append(block + remainder)
        }
        var interleaved: [UInt8] = []
        for column in 0..<result[0].count {
            for (index, block) in result.enumerated() where column != shortLength - correction || index >= shortBlocks {
                interleaved.append(block[column])
            }
        }
        return interleaved
    }

    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for shift in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= ((Int(y) >> shift) & 1) * Int(x)
        }
        return UInt8(z & 0xFF)
    }

    static func reedSolomonDivisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func reedSolomonRemainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in 0..<divisor.count { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
