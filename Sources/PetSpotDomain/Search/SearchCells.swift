import Foundation

/// Grid cells a report's stored words carry beside its text, so that a search near a place
/// asks the word index for the words *and* the few cells around the place in one intersection, instead
/// of reading every report anywhere that holds the words. Two grids: 0.1° and 1°; a search uses the finer
/// one that covers its circle's bounding box in at most `maximumCells` cells, or none (a very wide
/// search filters by distance alone). The exact distance is always tested after.
public enum SearchCells {
    static let sizes = [0.1, 1.0]
    public static let maximumCells = 16

    /// The cell tokens of `point`, one per grid (letters and digits only, as every tokenizer keeps them whole).
    public static func tokens(for point: Coordinate) -> [String] {
        sizes.indices.map { token(level: $0, row: row(point.latitude, level: $0), column: column(point.longitude, level: $0)) }
    }

    /// The cells of the finer grid that cover `box` in at most `maximumCells`; nil when neither does.
    public static func covering(_ box: BoundingBox) -> [String]? {
        for level in sizes.indices {
            let rows = row(box.latitudes.lowerBound - 1e-9, level: level)...row(box.latitudes.upperBound + 1e-9, level: level)
            let columns = box.longitudes.flatMap { range in
                Array(column(range.lowerBound - 1e-9, level: level)...column(range.upperBound + 1e-9, level: level))
            }
            guard rows.count * columns.count <= maximumCells else { continue }
            return rows.flatMap { row in Set(columns).sorted().map { token(level: level, row: row, column: $0) } }
        }
        return nil
    }

    /// A word within a cell of the fine grid, as one token (`cell0r1422c2010` and `pies` give
    /// `cell0r1422c2010xpies`): a search within a few fine cells reads one short list per cell and word
    /// instead of intersecting the long lists of the word and of the cells.
    public static func areaToken(_ cell: String, _ word: String) -> String { cell + "x" + word }

    /// True for a cell of the fine grid, whose words are indexed as area tokens too.
    public static func isFine(_ cell: some StringProtocol) -> Bool { isCell(cell) && cell.hasPrefix("cell0") }

    /// True for a cell token (`cell0r1422c2010`), never for a word (`cellar`) or an area token.
    public static func isCell(_ token: some StringProtocol) -> Bool {
        guard token.hasPrefix("cell0r") || token.hasPrefix("cell1r") else { return false }
        let parts = token.dropFirst(6).split(separator: "c", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The most area tokens one search asks for (cells × the tokens of a tier's expression, up to 16 × 34
    /// terms × 2 words for three of six terms); past it, the word and cell lists are intersected as before. At 1 M reports a
    /// budget of 240 left six-term searches on the long lists (p99 158 ms); 2 000 brings p99 to about 10 ms.
    public static let maximumAreaTokens = 2000

    static func row(_ latitude: Double, level: Int) -> Int { Int(((min(90, max(-90, latitude)) + 90) / sizes[level]).rounded(.down)) }
    static func column(_ longitude: Double, level: Int) -> Int { Int(((min(180, max(-180, longitude)) + 180) / sizes[level]).rounded(.down)) }
    static func token(level: Int, row: Int, column: Int) -> String { "cell\(level)r\(row)c\(column)" }
}
