import Foundation
import PetSpotDomain

/// A place as a person types it, or picks it from the suggestions: `Warszawa`, `Warsaw, PL`, or
/// `Warsaw, US (41.238, -85.853)` when two places share a name and a country.
struct TypedPlace: Equatable {
    var name: String
    var countryCode: String?
    var point: Coordinate?

    init(_ text: String) {
        var rest = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if rest.hasSuffix(")"), let open = rest.lastIndex(of: "(") {
            let numbers = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)].split(separator: ",")
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            if numbers.count == 2, let lat = numbers[0], let lng = numbers[1], Coordinate.isValidLatitude(lat), Coordinate.isValidLongitude(lng) {
                point = Coordinate(latitude: lat, longitude: lng)
                rest = rest[..<open].trimmingCharacters(in: .whitespaces)
            }
        }
        if let comma = rest.lastIndex(of: ",") {
            let code = rest[rest.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            if code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                countryCode = code.uppercased()
                rest = rest[..<comma].trimmingCharacters(in: .whitespaces)
            }
        }
        name = rest
    }

    /// What the place box shows for `match`: its name (as a page in `language` says it) and country, and its
    /// point when `among` has another place of the same name and country.
    static func value(for match: PlaceMatch, among others: [PlaceMatch], language: String = "en") -> String {
        let base = "\(match.place.name(in: language)), \(match.place.countryCode)"
        let twins = others.filter { $0.place.name == match.place.name && $0.place.countryCode == match.place.countryCode }
        guard twins.count > 1 else { return base }
        let point = match.place.coordinate
        return base + " (" + String(format: "%.3f, %.3f", point.latitude, point.longitude) + ")"
    }
}

extension PlaceDirectory {
    /// The places a typed name may mean, best first: the picked point's place first, then those of the
    /// name (in the typed country, when one was given).
    /// A text with a digit (a street number) goes to the external geocoder first, when one is configured;
    /// a name the gazetteer does not know is also tried there, then by its last comma-separated part
    /// ("ul. Polna 3, Warszawa" → "Warszawa").
    func resolve(_ text: String, language: String = "en", limit: Int = 5) async -> [PlaceMatch] {
        let typed = TypedPlace(text)
        guard let gazetteer = await gazetteer(), !typed.name.isEmpty else { return [] }
        if typed.point == nil, let geocoder, typed.name.contains(where: \.isNumber) {
            let addresses = await geocoder.search(text, language: language, limit: limit)
            if !addresses.isEmpty { return addresses }
        }
        var found = gazetteer.search(
            typed.name, near: typed.point, limit: typed.countryCode == nil ? limit : 50, preferring: Self.country(of: language))
        if let code = typed.countryCode { found = found.filter { $0.place.countryCode == code } }
        if found.isEmpty, typed.point == nil {
            if let geocoder, !typed.name.contains(where: \.isNumber) {
                let addresses = await geocoder.search(text, language: language, limit: limit)
                if !addresses.isEmpty { return addresses }
            }
            if let comma = typed.name.lastIndex(of: ",") {
                let last = typed.name[typed.name.index(after: comma)...].trimmingCharacters(in: .whitespaces)
                if !last.isEmpty { found = gazetteer.search(last, limit: limit, preferring: Self.country(of: language)) }
            }
        }
        if let point = typed.point, found.first.map({ $0.place.coordinate.distanceKm(to: point) > 1 }) ?? true {
            // A picked point that is not one of the name's places: the point, under the typed name.
            let country = typed.countryCode ?? gazetteer.nearest(to: point)?.place.countryCode ?? ""
            found.insert(
                PlaceMatch(
                    place: Place(name: typed.name, countryCode: country, population: 0, coordinate: point),
                    distanceKm: nil), at: 0)
        }
        return Array(found.prefix(limit))
    }

    /// The country whose places a reader of `language` most likely means: Poland's for Polish; none for
    /// English, read everywhere.
    static func country(of language: String) -> String? { language == "pl" ? "PL" : nil }

    /// A form with a typed `place` and no coordinates gets the place's point (the picked suggestion's,
    /// or the best match's centre): nil when there was nothing to look up, false when nothing matched.
    /// Coordinates that are exactly a place's centre were filled from that place's name (the list's link
    /// to alerts fills them so): when the typed place no longer names it, the typed place's point replaces them.
    func fillPoint(of form: inout [String: String], language: String) async -> Bool? {
        guard let typed = form["place"]?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else { return nil }
        let given = ["latitude", "longitude"].map { (form[$0] ?? "").trimmingCharacters(in: .whitespaces) }
        var filledFrom: Coordinate?
        if given != ["", ""] {
            guard let lat = ReportForm.number(given[0]), let lng = ReportForm.number(given[1]),
                let centre = await gazetteer()?.nearest(to: Coordinate(latitude: lat, longitude: lng)), (centre.distanceKm ?? 1) < 0.001
            else { return nil }
            filledFrom = centre.place.coordinate
        }
        let place = await resolve(typed, language: language, limit: 1).first?.place.coordinate
        if let filledFrom, let place, place.distanceKm(to: filledFrom) <= 0.001 { return nil }
        form["latitude"] = place.map { String($0.latitude) } ?? ""
        form["longitude"] = place.map { String($0.longitude) } ?? ""
        return place != nil
    }

    /// Coordinates `fillPoint` gave the place `before` had are dropped when the place is changed and they
    /// are not (they are the old place's; the new one names the point). Coordinates typed or picked on the
    /// map are kept.
    func dropStalePoint(of form: inout [String: String], before: ReportForm, language: String) async {
        let typed = ["place", "latitude", "longitude"].map { (form[$0] ?? "").trimmingCharacters(in: .whitespaces) }
        guard !typed[0].isEmpty, typed[0] != before.place, !before.latitude.isEmpty, typed[1] == before.latitude, typed[2] == before.longitude,
            let latitude = Double(before.latitude), let longitude = Double(before.longitude),
            let old = await resolve(before.place, language: language, limit: 1).first?.place.coordinate,
            abs(old.latitude - latitude) < 1e-6, abs(old.longitude - longitude) < 1e-6
        else { return }
        form["latitude"] = ""
        form["longitude"] = ""
    }
}
