import Foundation
import PetSpotDomain

/// The query of `GET /api/v1/announcements`, read with the contract's lenient number parsing and exact
/// messages: `lat`, `lng`, `range` (km, default 5), plus `status`, `limit` and `cursor`.
public struct ListParameters: Sendable, Equatable {
    public static let defaultRangeKm = 5.0
    public static let defaultLimit = 500
    public static let maxLimit = 1000

    public var center: Coordinate?
    public var rangeKm: Double
    public var statuses: Set<AnnouncementStatus>
    public var limit: Int
    public var cursor: String?
    /// `species=DOG,CAT`: only these (unknown stored text counts as OTHER); nil: all.
    public var species: Set<AnimalSpecies>?
    /// `since=YYYY-MM-DD`: only pets last seen (or found) on that day or later.
    public var since: String?
    /// `q=`: words a report must hold, nil when absent or with no word worth searching for.
    public var search: SearchText?
    /// `sort=newest` keeps the date order of a search; `sort=relevance` (the default) ranks by the words met.
    public var searchByNewest = false

    /// `values` maps each parameter name to every value it was given, in order.
    public init(_ values: [String: [String]]) throws(ValidationFailure) {
        func raw(_ name: String) -> String? {
            guard let all = values[name], !all.isEmpty else { return nil }
            let joined = all.joined(separator: ",")
            return joined.isEmpty ? nil : joined
        }
        // PetSpot's own filters: an empty value is a mistake to report, like any other bad value (the
        // contract's `lat=`, `lng=` and `range=` stay "not given").
        func given(_ name: String) throws(ValidationFailure) -> String? {
            guard let all = values[name], !all.isEmpty else { return nil }
            guard let text = raw(name) else {
                throw ValidationFailure(.invalidParameter, "Parameter '\(name)' must not be empty", field: name)
            }
            return text
        }
        let lat = try Self.number(raw("lat"), name: "lat", range: -90...90)
        let lng = try Self.number(raw("lng"), name: "lng", range: -180...180)
        let range = try Self.range(raw("range"))
        if lat != nil, lng == nil {
            throw ValidationFailure(.invalidParameter, "Parameter 'lng' is required when 'lat' is provided", field: "lng")
        }
        if lng != nil, lat == nil {
            throw ValidationFailure(.invalidParameter, "Parameter 'lat' is required when 'lng' is provided", field: "lat")
        }
        center = lat.flatMap { lat in lng.map { Coordinate(latitude: lat, longitude: $0) } }
        rangeKm = range ?? Self.defaultRangeKm
        statuses = try Self.statuses(given("status"))
        // `limit=` is a mistake to report, not a request for the default (unlike `lat=&lng=`, which the contract treats as absent).
        limit = try Self.limit(values["limit"].map { $0.joined(separator: ",") })
        cursor = try given("cursor")
        species = try Self.species(given("species"))
        since = try given("since").map { text throws(ValidationFailure) in
            guard let day = ReportDate(text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationFailure(.invalidParameter, "Parameter 'since' must be a date (YYYY-MM-DD)", field: "since")
            }
            return day.text
        }
        if let q = try given("q") {
            guard q.limitLength <= SearchText.maximumLength else {
                throw ValidationFailure(.invalidParameter, "Parameter 'q' must be at most \(SearchText.maximumLength) characters", field: "q")
            }
            search = SearchText(q)
        }
        switch try given("sort") {
        case nil, "relevance": break
        case "newest": searchByNewest = true
        default: throw ValidationFailure(.invalidParameter, "Parameter 'sort' must be relevance or newest", field: "sort")
        }
    }

    static func species(_ text: String?) throws(ValidationFailure) -> Set<AnimalSpecies>? {
        guard let text else { return nil }
        var result = Set<AnimalSpecies>()
        for name in text.split(separator: ",") {
            guard let species = AnimalSpecies(rawValue: name.trimmingCharacters(in: .whitespaces).uppercased()) else {
                throw ValidationFailure(.invalidParameter, "Parameter 'species' must be DOG, CAT, BIRD, RABBIT or OTHER", field: "species")
            }
            result.insert(species)
        }
        // Only empty items (`,`): every species.
        return result.isEmpty ? nil : result
    }

    static func number(_ text: String?, name: String, range: ClosedRange<Double>) throws(ValidationFailure) -> Double? {
        guard let text else { return nil }
        let value = JavaScriptNumber.parseFloat(text)
        guard !value.isNaN else {
            throw ValidationFailure(.invalidParameter, "Parameter '\(name)' must be a valid number", field: name)
        }
        guard range.contains(value) else {
            throw ValidationFailure(
                .invalidParameter,
                "Parameter '\(name)' must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))", field: name)
        }
        return value
    }

    static func range(_ text: String?) throws(ValidationFailure) -> Double? {
        guard let text else { return nil }
        let value = JavaScriptNumber.parseFloat(text)
        func fail(_ message: String) -> ValidationFailure { ValidationFailure(.invalidParameter, message, field: "range") }
        guard !value.isNaN else { throw fail("Parameter 'range' must be a valid number") }
        guard value.isFinite, value.rounded() == value else { throw fail("Parameter 'range' must be an integer") }
        guard value != 0 else { throw fail("Parameter 'range' must be greater than zero") }
        guard value > 0 else { throw fail("Parameter 'range' must be a positive number") }
        return value
    }

    static func statuses(_ text: String?) throws(ValidationFailure) -> Set<AnnouncementStatus> {
        guard let text else { return [.missing, .found] }
        var result = Set<AnnouncementStatus>()
        for name in text.split(separator: ",") {
            guard let status = AnnouncementStatus(rawValue: name.trimmingCharacters(in: .whitespaces).uppercased()) else {
                throw ValidationFailure(.invalidParameter, "Parameter 'status' must be MISSING, FOUND or CLOSED", field: "status")
            }
            result.insert(status)
        }
        // Only empty items (`,`): the default.
        return result.isEmpty ? [.missing, .found] : result
    }

    static func limit(_ text: String?) throws(ValidationFailure) -> Int {
        guard let text else { return defaultLimit }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (1...maxLimit).contains(value) else {
            throw ValidationFailure(.invalidParameter, "Parameter 'limit' must be an integer between 1 and \(maxLimit)", field: "limit")
        }
        return value
    }
}

/// JavaScript's `parseFloat`: leading white space skipped, the longest decimal prefix read
/// (`50abc` → 50, `1e1` → 10, `0x10` → 0, `Infinity`), NaN when there is none.
public enum JavaScriptNumber {
    public static func parseFloat(_ text: String) -> Double {
        // JavaScript's white space is Unicode's but for U+0085 (NEL), plus the byte-order mark.
        let scalars = Array(text.unicodeScalars.drop { ($0.properties.isWhitespace && $0 != "\u{85}") || $0 == "\u{FEFF}" })
        var i = 0
        var literal = ""
        if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { literal.unicodeScalars.append(scalars[i]); i += 1 }
        if String(String.UnicodeScalarView(scalars[i...])).hasPrefix("Infinity") {
            return literal == "-" ? -.infinity : .infinity
        }
        let digitsStart = i
        func digits() { while i < scalars.count, ("0"..."9").contains(scalars[i]) { literal.unicodeScalars.append(scalars[i]); i += 1 } }
        digits()
        var mantissaDigits = i - digitsStart
        if i < scalars.count, scalars[i] == "." {
            literal += "."
            i += 1
            let before = i
            digits()
            mantissaDigits += i - before
        }
        guard mantissaDigits > 0 else { return .nan }
        if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
            var exponent = "e"
            var j = i + 1
            if j < scalars.count, scalars[j] == "+" || scalars[j] == "-" { exponent.unicodeScalars.append(scalars[j]); j += 1 }
            let expStart = j
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { exponent.unicodeScalars.append(scalars[j]); j += 1 }
            if j > expStart { literal += exponent }
        }
        if literal.hasSuffix(".") { literal += "0" }
        if literal.hasPrefix(".") || literal.hasPrefix("-.") || literal.hasPrefix("+.") {
            literal = literal.replacingOccurrences(of: ".", with: "0.", options: [], range: literal.range(of: "."))
        }
        return Double(literal) ?? .nan
    }
}
