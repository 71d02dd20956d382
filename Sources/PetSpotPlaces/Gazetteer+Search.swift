import Foundation
import PetSpotDomain

/// Finding places by name: every key that starts with the folded query, ranked by how well it matches,
/// the place's population and, when given, its nearness.
extension Gazetteer {
    /// Past this many keys (a one- or two-letter query) only the prefix's most populous places are ranked.
    static let scanLimit = 20_000

    /// `country` (ISO code) ranks that country's places higher: the reader's (`PL` for Polish pages), so
    /// "Krak" is Kraków before Caracas. A query typed with its own letters (`Łód`) ranks the places whose
    /// names start with those very letters higher (Łódź before Lod).
    public func search(_ query: String, near: Coordinate? = nil, limit: Int = 10, preferring country: String? = nil) -> [PlaceMatch] {
        let folded = Array(PlaceName.fold(query).utf8)
        guard !folded.isEmpty, limit > 0 else { return [] }
        let preferred = country.map { Array($0.uppercased().utf8) }
        let lettered = query.unicodeScalars.contains { !$0.isASCII } ? query.lowercased() : nil
        var best: [UInt32: Double] = [:]
        text.withUnsafeBufferPointer { bytes in
            let range = prefixRange(folded, bytes)
            func consider(_ place: UInt32, quality: Double) {
                let entry = places[Int(place)]
                var score = Self.score(
                    quality: quality, population: entry.population, distanceKm: near.map { $0.distanceKm(to: coordinate(Int(place))) })
                if let preferred, preferred == [entry.country.0, entry.country.1] { score += Self.countryBonus }
                if let lettered, name(of: entry).lowercased().hasPrefix(lettered) { score += Self.letteredBonus }
                if score > best[place] ?? -.infinity { best[place] = score }
            }
            if range.count > Self.scanLimit, folded.count <= 2, let popular = popular[Self.prefixKey(folded)] {
                for place in popular { consider(place, quality: 0.6) }
                return
            }
            for index in range {
                consider(keys[index].place, quality: quality(of: keys[index], matching: folded.count))
            }
        }
        return ranked(best, near: near, limit: limit)
    }

    /// 1 for the whole key, 0.8 for its first word(s), 0.6 for the start of a word; more for the main name.
    func quality(of key: Key, matching length: Int) -> Double {
        let main = key.isMain ? Self.mainNameBonus : 0
        if Int(key.length) == length { return 1 + main }
        let next = text[Int(key.offset) + length]
        return (next == UInt8(ascii: " ") || next == UInt8(ascii: "-") ? 0.8 : 0.6) + main
    }

    /// The best `limit` places by score (ties: the more populous first, then the file's order).
    func ranked(_ best: [UInt32: Double], near: Coordinate?, limit: Int) -> [PlaceMatch] {
        let order = best.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            let (first, second) = (places[Int(a.key)].population, places[Int(b.key)].population)
            return first != second ? first > second : a.key < b.key
        }
        return order.prefix(limit).map { entry in
            let place = place(Int(entry.key))
            return PlaceMatch(place: place, distanceKm: near.map { $0.distanceKm(to: place.coordinate) })
        }
    }

    /// What the reader's country and a query's own letters add to a score (a whole-name match adds 0.8), and
    /// what a match of the main name adds to its quality ("Krak": Kraków before Caracas, also called Kraks).
    static let countryBonus = 0.5, letteredBonus = 1.0, mainNameBonus = 0.15

    /// Match quality counts twice, then population (log scale), then nearness (half at 50 km).
    static func score(quality: Double, population: UInt32, distanceKm: Double?) -> Double {
        let popularity = log10(Double(population) + 10) / 7
        let nearness = distanceKm.map { 1.5 / (1 + $0 / 50) } ?? 0
        return 2 * quality + popularity + nearness
    }

    /// The indices of the keys that start with `prefix`.
    func prefixRange(_ prefix: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        func startsBelow(_ index: Int, orEqual: Bool) -> Bool {
            let key = keys[index]
            let common = min(Int(key.length), prefix.count)
            let order = prefix.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + Int(key.offset), $0.baseAddress!, common) }
            if order != 0 { return order < 0 }
            // Equal over `common` bytes: a shorter key sorts before the prefix; a longer one starts with it.
            return Int(key.length) < prefix.count || (orEqual && common == prefix.count)
        }
        func firstIndex(where below: (Int) -> Bool) -> Int {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if below(middle) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return firstIndex { startsBelow($0, orEqual: false) }..<firstIndex { startsBelow($0, orEqual: true) }
    }

    static func prefixKey(_ bytes: some Collection<UInt8>) -> UInt16 {
        bytes.prefix(2).reduce(0) { $0 << 8 | UInt16($1) } | (bytes.count >= 2 ? 0x8000 : 0)
    }

    /// For each one- and two-byte prefix, its 100 most populous places, from the keys in file order
    /// (each place's keys together).
    static func popularByPrefix(places: [Entry], keys: [Key], text: [UInt8]) -> [UInt16: [UInt32]] {
        var keysOf: [[Int]] = Array(repeating: [], count: places.count)
        for (index, key) in keys.enumerated() { keysOf[Int(key.place)].append(index) }
        var lists: [UInt16: [UInt32]] = [:]
        for place in places.indices.sorted(by: { places[$0].population > places[$1].population }) {
            var seen: Set<UInt16> = []
            for index in keysOf[place] {
                let key = keys[index], start = Int(key.offset)
                for length in 1...min(2, Int(key.length)) {
                    let prefix = prefixKey(text[start..<(start + length)])
                    guard seen.insert(prefix).inserted, lists[prefix, default: []].count < 100 else { continue }
                    lists[prefix, default: []].append(UInt32(place))
                }
            }
        }
        return lists
    }
}
