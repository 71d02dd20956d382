import Foundation
import PetSpotDomain

/// A missing report's "where to look" on its public page: the likely area today, as a
/// distance and a circle around the public area (never smaller than it, never around the exact point),
/// and the areas its owner has searched, so helpers look elsewhere.
public struct WhereToLook: Sendable {
    public struct Searched: Sendable {
        public let text: String
    }

    public let likely: String
    public let searched: [Searched]
    /// The map's circle of the likely area, in metres around the public area's centre.
    public let mapRadius: Int
    /// The searched areas for the map: `lat,lng,metres;…`.
    public let mapSearched: String

    public init?(
        _ report: Announcement, answers: SearchAnswers, searched areas: [SearchedArea], labels: [PlaceLabel?], today: ReportDate,
        strings: Strings
    ) {
        guard report.status == .missing else { return nil }
        let days = SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: today)
        let likely = LikelyArea.of(species: report.species, answers: answers, daysGone: days)
        self.likely = strings[.whereToLookLikely].filling("{outer}", with: SearchPlanView.distance(likely.outerMeters, strings))
            .filling("{when}", with: strings.daysMissing(days))
        mapRadius = max(likely.outerMeters, Int(PublicArea.radiusMeters))
        searched = areas.indices.map { Searched(text: Self.text(of: areas[$0], label: labels.indices.contains($0) ? labels[$0] : nil, strings: strings)) }
        mapSearched = areas.map { "\($0.center.latitude),\($0.center.longitude),\($0.radiusMeters)" }.joined(separator: ";")
    }
}

extension WhereToLook {
    /// "250 m around Mokotów, on 2026-11-25".
    static func text(of area: SearchedArea, label: PlaceLabel?, strings: Strings) -> String {
        strings[.searchedItem].filling("{radius}", with: SearchPlanView.distance(area.radiusMeters, strings))
            .filling("{place}", with: label?.name ?? ReportText.coordinates(area.center, strings))
            .filling("{date}", with: ReportText.day(area.searchedOn, strings))
    }
}

extension WhereToLook: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "likely": .text(likely)
        case "searched": .objects(searched)
        case "hasSearched": .flag(!searched.isEmpty)
        case "mapRadius": .text(String(mapRadius))
        case "mapSearched": .text(mapSearched)
        default: nil
        }
    }
}

extension WhereToLook.Searched: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        name == "text" ? .text(text) : nil
    }
}

/// The owner's searched areas on the manage page: the list, each to remove, and the form
/// to mark one (a pin to move when maps are on, the coordinates otherwise; the public area's centre
/// filled in, never the exact point).
public struct SearchedAreasView: Sendable {
    public struct Item: Sendable {
        public let id: String
        public let text: String
    }

    public let items: [Item]
    public let controls: [FormControl]
    public let map: MapView?
    public let full: Bool

    /// - Parameter typed: the form as the owner sent it, when it was refused: its values stay in the fields.
    public init(
        _ report: Announcement, areas: [SearchedArea], labels: [PlaceLabel?], today: ReportDate, tiles: MapTiles?, typed: [String: String] = [:],
        strings: Strings
    ) {
        items = areas.indices.map {
            Item(id: areas[$0].id, text: WhereToLook.text(of: areas[$0], label: labels.indices.contains($0) ? labels[$0] : nil, strings: strings))
        }
        let centre = PublicArea(around: report.location).center
        // The map's pin starts at the typed point when it reads as one, else at the public area's centre.
        let point = ReportForm.number(typed["latitude"] ?? "").flatMap { lat in ReportForm.number(typed["longitude"] ?? "").map { (lat, $0) } }
        let latitude = String(format: "%.5f", point?.0 ?? centre.latitude), longitude = String(format: "%.5f", point?.1 ?? centre.longitude)
        var lat = FormControl(.input, name: "latitude", label: strings[.latitude], value: typed["latitude"] ?? latitude)
        lat.inputmode = "decimal"
        var lng = FormControl(.input, name: "longitude", label: strings[.longitude], value: typed["longitude"] ?? longitude)
        lng.inputmode = "decimal"
        let radius = FormControl(.select, name: "radius", label: strings[.searchedRadius], value: typed["radius"] ?? "250")
            .choosing(SearchedArea.radii.map { (String($0), SearchPlanView.distance($0, strings)) })
        var day = FormControl(.input, name: "searchedOn", label: strings[.searchedOn], value: typed["searchedOn"] ?? today.text)
        day.type = "date"
        day.max = today.text
        controls = [lat, lng, radius, day]
        map = tiles.map { MapView.pick($0, latitude: latitude, longitude: longitude, strings: strings) }
        full = areas.count >= SearchedArea.limit
    }

    /// The area a form describes, or nil when a value does not hold (a day after `today` included).
    public static func area(from form: [String: String], today: ReportDate) -> SearchedArea? {
        try? checked(form, today: today).get()
    }

    /// What is wrong with a form `area(from:today:)` refuses, as a text key: the point, the day, or (a
    /// distance the list does not offer) all three.
    public static func problem(in form: [String: String], today: ReportDate) -> String {
        guard case .failure(let problem) = checked(form, today: today) else { return "searchedInvalid" }
        return problem.key
    }

    private struct Problem: Error {
        let key: String
    }

    private static func checked(_ form: [String: String], today: ReportDate) -> Result<SearchedArea, Problem> {
        guard let lat = ReportForm.number(form["latitude"] ?? ""), Coordinate.isValidLatitude(lat),
            let lng = ReportForm.number(form["longitude"] ?? ""), Coordinate.isValidLongitude(lng)
        else { return .failure(Problem(key: "searchedInvalidPoint")) }
        guard let day = ReportDate(form["searchedOn"] ?? ""), day <= today, today.days(until: day) > -366 else {
            return .failure(Problem(key: "searchedInvalidDay"))
        }
        guard let radius = Int(form["radius"] ?? ""), SearchedArea.radii.contains(radius) else { return .failure(Problem(key: "searchedInvalid")) }
        return .success(SearchedArea(center: Coordinate(latitude: lat, longitude: lng), radiusMeters: radius, searchedOn: day.text))
    }
}

extension SearchedAreasView: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "items": .objects(items)
        case "hasItems": .flag(!items.isEmpty)
        case "controls": .objects(controls)
        case "map": map.map { .object($0) }
        case "full": .flag(full)
        default: nil
        }
    }
}

extension SearchedAreasView.Item: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "text": .text(text)
        default: nil
        }
    }
}
