import CompressNIO
import Foundation
import NIOCore
import PetSpotDomain

/// The world's populated places (GeoNames, 500 inhabitants or more, CC BY 4.0), searchable by name and
/// by position, in memory. Names and search keys stay in the one decompressed text; the index holds
/// offsets into it: a sorted array of keys for prefix search, and a grid of cells a fifth of a degree wide for the
/// nearest place. See `scripts/make-gazetteer.py` for the file.
public final class Gazetteer: Sendable {
    /// GeoNames' attribution, shown wherever its names are.
    public static let attribution = "Place names: GeoNames (geonames.org), CC BY 4.0"

    let text: [UInt8]
    let places: [Entry]
    /// Every search key (offset, length) with its place, sorted by the key's bytes.
    let keys: [Key]
    /// `cellStart[c] ..< cellStart[c + 1]` are the indices into `byCell` of the places in cell `c`.
    let cellStart: [UInt32]
    let byCell: [UInt32]
    /// The most populous places of each one- and two-letter prefix (`prefixKey`).
    let popular: [UInt16: [UInt32]]

    struct Entry {
        var nameOffset: UInt32
        var nameLength: UInt16
        var country: (UInt8, UInt8)
        var latitude: Int32
        var longitude: Int32
        var population: UInt32
    }

    struct Key {
        var offset: UInt32
        var length: UInt16
        /// The place's first key: its main name, folded (the name people see, so the one they most likely type).
        var isMain = false
        var place: UInt32
    }

    /// A fifth of a degree: a dozen places in a cell of a populous region, 6 MB of offsets in all.
    static let cellDegrees = 0.2
    static let latitudeCells = 900, longitudeCells = 1800

    /// Loads the bundled file (about 7 MB compressed, 17 MB of text): a second or so on a release build.
    public static func bundled() throws -> Gazetteer {
        guard let url = Bundle.module.url(forResource: "places.tsv", withExtension: "gz") else { throw CocoaError(.fileNoSuchFile) }
        return try Gazetteer(gzip: try Data(contentsOf: url))
    }

    public convenience init(gzip data: Data) throws {
        var compressed = ByteBuffer(bytes: data)
        let text = try compressed.decompress(with: .gzip)
        self.init(text: Array(text.readableBytesView))
    }

    /// Reads the lines of `text` (see the script); malformed lines are skipped.
    public init(text: [UInt8]) {
        var places: [Entry] = [], keys: [Key] = []
        places.reserveCapacity(240_000)
        keys.reserveCapacity(760_000)
        Self.parse(text) { fields in
            guard fields.count == 6, let lat = Self.int(text, fields[1]), let lng = Self.int(text, fields[2]),
                let population = Self.int(text, fields[3]), fields[4].count == 2, abs(lat) <= 9_000_000, abs(lng) <= 18_000_000
            else { return }
            let index = UInt32(places.count)
            places.append(
                Entry(
                    nameOffset: UInt32(fields[0].lowerBound), nameLength: UInt16(clamping: fields[0].count),
                    country: (text[fields[4].lowerBound], text[fields[4].lowerBound + 1]),
                    latitude: Int32(lat), longitude: Int32(lng), population: UInt32(clamping: max(0, population))))
            var start = fields[5].lowerBound
            for position in fields[5].lowerBound...fields[5].upperBound where position == fields[5].upperBound || text[position] == UInt8(ascii: "|") {
                if position > start {
                    let isMain = start == fields[5].lowerBound
                    keys.append(Key(offset: UInt32(start), length: UInt16(clamping: position - start), isMain: isMain, place: index))
                }
                start = position + 1
            }
        }
        popular = Self.popularByPrefix(places: places, keys: keys, text: text)
        text.withUnsafeBufferPointer { bytes in
            keys.sort { Self.compare(bytes, $0, $1) < 0 }
        }
        var counts = [UInt32](repeating: 0, count: Self.latitudeCells * Self.longitudeCells + 1)
        let cells = places.map { Self.cell(latitude: Double($0.latitude) / 1e5, longitude: Double($0.longitude) / 1e5) }
        for cell in cells { counts[cell + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts, byCell = [UInt32](repeating: 0, count: places.count)
        for (place, cell) in cells.enumerated() {
            byCell[Int(next[cell])] = UInt32(place)
            next[cell] += 1
        }
        self.text = text
        self.places = places
        self.keys = keys
        cellStart = counts
        self.byCell = byCell
    }

    public var count: Int { places.count }

    func name(of entry: Entry) -> String {
        let start = Int(entry.nameOffset)
        return String(decoding: text[start..<(start + Int(entry.nameLength))], as: UTF8.self)
    }

    func place(_ index: Int) -> Place {
        let entry = places[index]
        return Place(
            name: name(of: entry),
            countryCode: String(decoding: [entry.country.0, entry.country.1], as: UTF8.self),
            population: Int(entry.population), coordinate: coordinate(index))
    }

    func coordinate(_ index: Int) -> Coordinate {
        Coordinate(latitude: Double(places[index].latitude) / 1e5, longitude: Double(places[index].longitude) / 1e5)
    }

    static func cell(latitude: Double, longitude: Double) -> Int {
        let row = min(latitudeCells - 1, max(0, Int(((latitude + 90) / cellDegrees).rounded(.down))))
        var column = Int(((longitude + 180) / cellDegrees).rounded(.down)) % longitudeCells
        if column < 0 { column += longitudeCells }
        return row * longitudeCells + column
    }

    // MARK: - Reading the text

    /// Calls `line` with the byte ranges of each line's tab-separated fields.
    static func parse(_ text: [UInt8], line: ([Range<Int>]) -> Void) {
        var fields: [Range<Int>] = [], start = 0, lineStart = 0
        for index in 0...text.count {
            let byte = index < text.count ? text[index] : UInt8(ascii: "\n")
            if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
                fields.append(start..<index)
                start = index + 1
            }
            if byte == UInt8(ascii: "\n") {
                if index > lineStart { line(fields) }
                fields.removeAll(keepingCapacity: true)
                lineStart = index + 1
            }
        }
    }

    static func int(_ text: [UInt8], _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0, negative = false
        for index in range {
            let byte = text[index]
            if index == range.lowerBound, byte == UInt8(ascii: "-") { negative = true; continue }
            guard byte >= 48, byte <= 57, value < Int.max / 10 - 9 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return negative ? -value : value
    }

    static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Key, _ b: Key) -> Int {
        let common = Int(min(a.length, b.length))
        let order = memcmp(bytes.baseAddress! + Int(a.offset), bytes.baseAddress! + Int(b.offset), common)
        if order != 0 { return Int(order) }
        return Int(a.length) - Int(b.length)
    }
}
