/// The module grid while a code is drawn: function patterns, codewords, masks, format and version bits.
struct QRGrid: Sendable {
    let version: Int
    let size: Int
    var modules: [Bool]
    var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    mutating func set(_ x: Int, _ y: Int, _ dark: Bool, function: Bool = true) {
        modules[y * size + x] = dark
        if function { isFunction[y * size + x] = true }
    }

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    set(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let positions = alignmentPositions()
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                let corner = (i == 0 && j == 0) || (i == 0 && j == positions.count - 1) || (i == positions.count - 1 && j == 0)
                guard !corner else { continue }
                for dy in -2...2 {
                    for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormatBits(mask: 0) // reserves the areas; drawn again with the chosen mask
        drawVersionBits()
    }

    func alignmentPositions() -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var result = [6]
        var position = size - 7
        while result.count < count {
            result.insert(position, at: 1)
            position -= step
        }
        return result
    }

    /// Level M (00) and the mask, with their BCH bits, in both copies; and the dark module.
    mutating func drawFormatBits(mask: Int) {
        let data = mask // level M's two bits are 00
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    mutating func drawVersionBits() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            set(a, b, dark)
            set(b, a, dark)
        }
    }

    /// The codewords' bits in the zigzag order, two columns at a time from the right, skipping column 6.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], index < codewords.count * 8 else { continue }
                    set(x, y, (codewords[index >> 3] >> (7 - index & 7)) & 1 == 1, function: false)
                    index += 1
                }
            }
            right -= 2
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] {
                let invert: Bool
                switch mask {
                case 0: invert = (x + y) % 2 == 0
                case 1: invert = y % 2 == 0
                case 2: invert = x % 3 == 0
                case 3: invert = (x + y) % 3 == 0
                case 4: invert = (x / 3 + y / 2) % 2 == 0
                case 5: invert = x * y % 2 + x * y % 3 == 0
                case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
                default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if invert { modules[y * size + x].toggle() }
            }
        }
    }

    /// The standard's four penalty rules: runs of five or more, 2×2 blocks, finder-like patterns, and
    /// the share of dark modules away from half.
    func penalty() -> Int {
        var result = 0
        func line(_ at: (Int) -> Bool) {
            var run = 1
            for index in 1..<size {
                if at(index) == at(index - 1) {
                    run += 1
                } else {
                    if run >= 5 { result += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { result += run - 2 }
            // 1:1:3:1:1 dark-light pattern with four light modules on one side.
            let pattern: [Bool] = [true, false, true, true, true, false, true]
            for start in 0...(size - 7) where (0..<7).allSatisfy({ at(start + $0) == pattern[$0] }) {
                let before = start >= 4 && (start - 4..<start).allSatisfy { !at($0) }
                let after = start + 11 <= size && (start + 7..<start + 11).allSatisfy { !at($0) }
                if before || after { result += 40 }
            }
        }
        for y in 0..<size { line { modules[y * size + $0] } }
        for x in 0..<size { line { modules[$0 * size + x] } }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let color = modules[y * size + x]
                if modules[y * size + x + 1] == color && modules[(y + 1) * size + x] == color && modules[(y + 1) * size + x + 1] == color {
                    result += 3
                }
            }
        }
        let dark = modules.filter { $0 }.count, total = size * size
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        return result + max(0, k) * 10
    }
}
