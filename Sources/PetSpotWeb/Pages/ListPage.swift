import PetSpotDomain
import PetSpotRoutes

/// The browse page: open reports newest first, a page at a time, near a place (typed by name, with
/// suggestions) and filtered by kind, species and how recently the pet was seen; each card named by
/// its place, with its distance when the list is near one.
public struct ListPage: WebPage {
    public let templateName = "list"
    public let title: String
    public let t: [String: String]
    public let cards: [ReportCard]
    public let isEmpty: Bool
    public let filterAction = WebRoute.lostPets().path
    /// "Get an e-mail when a pet is reported near here": the alerts form, with the place searched.
    public let alertsHref: String
    public let controls: [FormControl]
    public let coordinateControls: [FormControl]
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    public let nextHref: String?
    public let firstHref: String?
    public let clearHref: String?
    /// Only a list with another page to go to has the pager (no empty landmark).
    public let hasPager: Bool
    /// "Reports within 5 km of Warsaw, PL", when the list is near a place.
    public let nearText: String?
    /// Other places the typed name may mean, each a link to the list near it.
    public let alternatives: [PageLink]
    public let hasAlternatives: Bool
    public let attribution: String?
    /// What an empty list says: nothing reported yet, or nothing matching the filters.
    public let emptyMessage: String
    /// "12 reports · Missing · Cat · “black cat”": the line above the results, the filters being below
    /// them (on a phone the form is taller than the screen).
    public let summary: String

    /// The radius choices, in km.
    public static let radii = ["1", "2", "5", "10", "25", "50"]

    /// - Parameters:
    ///   - labels: each report's place, in order (nil where unknown).
    ///   - center: the point the list is near, with the name to show for it.
    ///   - alternatives: other places the typed name may mean: (shown name, value for the place box).
    ///   - nextCursor: the cursor of the following page, when there is one.
    ///   - isFirstPage: false when showing a later page.
    public init(
        reports: [Announcement], labels: [PlaceLabel?] = [], center: (point: Coordinate, name: String)? = nil,
        alternatives: [(label: String, value: String)] = [], filter: ListFilter, errors fieldErrors: [FieldError],
        nextCursor: String?, isFirstPage: Bool, attribution: String? = nil, strings: Strings
    ) {
        title = strings[.navLostPets]
        t = strings.table
        alertsHref = WebRoute.withQuery(
            WebRoute.alerts.path,
            [
                ("place", center?.name ?? (filter.place.isEmpty ? nil : filter.place)),
                ("latitude", center.map { String($0.point.latitude) }),
                ("longitude", center.map { String($0.point.longitude) }),
                ("radiusKm", filter.radius.isEmpty ? nil : filter.radius),
            ])
        cards = reports.enumerated().map { index, report in
            ReportCard(
                report, strings: strings, place: index < labels.count ? labels[index] : nil,
                distanceKm: center.map { PublicArea.distanceKm(from: $0.point, toReportAt: report.location) })
        }
        isEmpty = cards.isEmpty
        let message = { (name: String) in fieldErrors.message(for: name, strings) }
        let radius = filter.radius.isEmpty ? "5" : filter.radius
        controls = Self.filterControls(filter, radius: radius, message: message, strings: strings)
        coordinateControls = [
            Self.number("lat", strings[.latitude], filter.latitude, error: message("latitude")),
            Self.number("lng", strings[.longitude], filter.longitude, error: message("longitude")),
        ]
        let ids = ["latitude": "field-lat", "longitude": "field-lng", "radius": "field-radius", "place": "field-place"]
        errors = fieldErrors.map { ErrorSummaryItem(href: "#\(ids[$0.field] ?? "")", message: strings.text($0.messageKey)) }
        hasErrors = !errors.isEmpty
        nextHref = nextCursor.map { WebRoute.lostPets(filter: filter, after: $0).path }
        firstHref = isFirstPage ? nil : WebRoute.lostPets(filter: filter).path
        clearHref = filter.isEmpty ? nil : WebRoute.lostPets().path
        hasPager = nextHref != nil || firstHref != nil
        nearText = center.map {
            strings[.showingNear].replacingOccurrences(of: "{km}", with: radius).replacingOccurrences(of: "{place}", with: $0.name)
        }
        self.alternatives = alternatives.map { alternative in
            var other = filter
            (other.place, other.latitude, other.longitude) = (alternative.value, "", "")
            return PageLink(label: alternative.label, href: WebRoute.lostPets(filter: other).path)
        }
        hasAlternatives = !self.alternatives.isEmpty
        self.attribution = attribution
        emptyMessage = strings.text(filter.isEmpty ? "listEmpty" : "listEmptyFiltered")
        summary = Self.summary(count: cards.count, paged: hasPager, filter: filter, strings: strings)
    }

    /// The filter form's controls: words and their order, the place and its radius, status, species and days.
    static func filterControls(_ filter: ListFilter, radius: String, message: (String) -> String?, strings: Strings) -> [FormControl] {
        var place = FormControl(.input, name: "place", label: strings[.placeLabel], value: filter.place)
        place.placeholder = strings[.placePlaceholder]
        place.autocomplete = "off"
        place.datalist = "place-suggestions"
        let radii = Self.radii.contains(radius) ? Self.radii : Self.radii + [radius]
        let species = [("", strings[.speciesAll])] + AnimalSpecies.allCases.map { ($0.rawValue, strings.text("species" + $0.rawValue.capitalized)) }
        var words = FormControl(.input, name: "q", label: strings[.searchLabel], value: filter.text)
        words.type = "search"
        words.maxlength = SearchText.maximumLength
        return [
            words.described(hint: strings[.searchHint], error: nil),
            FormControl(.select, name: "sort", label: strings[.sortLabel], value: filter.sort)
                .choosing([("", strings[.sortRelevance]), ("newest", strings[.sortNewest])]),
            place.described(hint: strings[.placeHint], error: message("place")),
            FormControl(.select, name: "radius", label: strings[.radius], value: radius)
                .choosing(radii.map { ($0, "\($0) km") }).described(error: message("radius")),
            FormControl(.select, name: "status", label: strings[.statusFilter], value: filter.status)
                .choosing([("", strings[.statusAll]), ("MISSING", strings[.filterMissing]), ("FOUND", strings[.filterFound])]),
            FormControl(.select, name: "species", label: strings[.speciesLabel], value: filter.species).choosing(species),
            FormControl(.select, name: "since", label: strings[.sinceLabel], value: filter.since)
                .choosing([("", strings[.sinceAny]), ("7", strings[.since7]), ("30", strings[.since30]), ("90", strings[.since90])]),
        ]
    }

    /// "24 reports · Missing · …"; a page of several says its own count is the page's (a walk-through read
    /// "24 reports" on the first of 30).
    static func summary(count: Int, paged: Bool = false, filter: ListFilter, strings: Strings) -> String {
        var parts = [strings.counted(paged ? .reportsOnPage : .reports, count)]
        if ["FOUND", "MISSING"].contains(filter.status) { parts.append(strings[filter.status == "FOUND" ? .filterFound : .filterMissing]) }
        // An unknown species in the address filters nothing (`BrowseController`), so it is not named either.
        if AnimalSpecies(rawValue: filter.species) != nil { parts.append(ReportText.species(filter.species, strings)) }
        if let since = ["7": TextKey.since7, "30": .since30, "90": .since90][filter.since] { parts.append(strings[since]) }
        if !filter.text.isEmpty { parts.append(strings.quoted(filter.text)) }
        return parts.joined(separator: " · ")
    }

    static func number(_ name: String, _ label: String, _ value: String, error: String?) -> FormControl {
        var control = FormControl(.input, name: name, label: label, value: value)
        control.inputmode = "decimal"
        return control.described(error: error)
    }
}
