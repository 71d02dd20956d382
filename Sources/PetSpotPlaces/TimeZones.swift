import Foundation
import PetSpotDomain

/// The IANA time zone of a point, from the system's time zone database: among the zones listed for the
/// point's country (`zone1970.tab`, or the older `zone.tab`), the one whose principal city is nearest.
/// Empty, and so no zone, where the database is not installed.
public struct TimeZones: Sendable {
    struct Zone: Sendable {
        let point: Coordinate
        let identifier: String
    }

    let byCountry: [String: [Zone]]

    public static let system: TimeZones = {
        for name in ["zone1970.tab", "zone.tab"] {
            if let text = try? String(contentsOfFile: "/usr/share/zoneinfo/\(name)", encoding: .utf8) { return TimeZones(table: text) }
        }
        return TimeZones(table: "")
    }()

    /// Reads lines of `countries<TAB>±DDMM[SS]±DDDMM[SS]<TAB>Zone/Name…`; comments and bad lines are skipped.
    public init(table: String) {
        var byCountry: [String: [Zone]] = [:]
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, let point = Self.coordinate(fields[1]) else { continue }
            for country in fields[0].split(separator: ",") {
                byCountry[String(country), default: []].append(Zone(point: point, identifier: String(fields[2])))
            }
        }
        self.byCountry = byCountry
    }

    /// The zone of `point` in `country` (ISO 3166 code); nil when the country has none listed.
    public func identifier(country: String, near point: Coordinate) -> String? {
        byCountry[country]?.min { $0.point.distanceKm(to: point) < $1.point.distanceKm(to: point) }?.identifier
    }

    /// `+5215+02100` or `+404251-0740023`: degrees, minutes and maybe seconds, latitude then longitude.
    static func coordinate(_ text: Substring) -> Coordinate? {
        let bytes = Array(text.utf8)
        guard let split = bytes.dropFirst().firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }),
            let latitude = degrees(bytes[..<split], degreeDigits: 2), let longitude = degrees(bytes[split...], degreeDigits: 3)
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func degrees(_ part: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
        guard let sign = part.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            let digits = Int(String(decoding: part.dropFirst(), as: UTF8.self))
        else { return nil }
        let count = part.count - 1
        guard count == degreeDigits + 2 || count == degreeDigits + 4 else { return nil }
        let (whole, minutes, seconds) =
            count == degreeDigits + 2
            ? (digits / 100, digits % 100, 0) : (digits / 10_000, digits / 100 % 100, digits % 100)
        let value = Double(whole) + Double(minutes) / 60 + Double(seconds) / 3600
        return sign == UInt8(ascii: "-") ? -value : value
    }
}
