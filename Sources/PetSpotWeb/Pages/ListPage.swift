import PetSpotDomain

/// The browse page: open reports newest first, a page at a time, optionally near a place.
public struct ListPage: WebPage {
    public let templateName = "list"
    public let title: String
    public let t: [String: String]
    public let cards: [ReportCard]
    public let isEmpty: Bool
    public let filterAction = WebRoute.lostPets().path
    public let controls: [FormControl]
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    public let nextHref: String?
    public let firstHref: String?
    public let clearHref: String?
    /// Only a list with another page to go to has the pager (no empty landmark).
    public let hasPager: Bool

    /// - Parameters:
    ///   - nextCursor: the cursor of the following page, when there is one.
    ///   - isFirstPage: false when showing a later page.
    public init(reports: [Announcement], filter: ListFilter, errors fieldErrors: [FieldError], nextCursor: String?,
                isFirstPage: Bool, strings: Strings) {
        title = strings["navLostPets"]
        t = strings.table
        cards = reports.map { ReportCard($0, strings: strings) }
        isEmpty = cards.isEmpty
        let message = { (name: String) in fieldErrors.first { $0.field == name }.map { strings[$0.messageKey] } }
        controls = [
            Self.number("lat", strings["latitude"], filter.latitude, error: message("latitude")),
            Self.number("lng", strings["longitude"], filter.longitude, error: message("longitude")),
            Self.number("radius", strings["radius"], filter.radius, error: message("radius")),
        ]
        let ids = ["latitude": "field-lat", "longitude": "field-lng", "radius": "field-radius"]
        errors = fieldErrors.map { ErrorSummaryItem(href: "#\(ids[$0.field] ?? "")", message: strings[$0.messageKey]) }
        hasErrors = !errors.isEmpty
        nextHref = nextCursor.map { WebRoute.lostPets(filter: filter, after: $0).path }
        firstHref = isFirstPage ? nil : WebRoute.lostPets(filter: filter).path
        clearHref = filter.isEmpty ? nil : WebRoute.lostPets().path
        hasPager = nextHref != nil || firstHref != nil
    }

    static func number(_ name: String, _ label: String, _ value: String, error: String?) -> FormControl {
        var control = FormControl(.input, name: name, label: label, value: value)
        control.inputmode = "decimal"
        return control.described(error: error)
    }
}
