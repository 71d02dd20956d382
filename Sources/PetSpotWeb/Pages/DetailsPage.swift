import Foundation
import PetSpotDomain

/// Everything about one report, with a link to the map and to its management page.
public struct DetailsPage: WebPage {
    public let templateName = "details"
    public let title: String
    public let t: [String: String]
    public let card: ReportCard
    public let rows: [Row]
    public let reward: String?
    public let phone: String?
    public let email: String?
    public let phoneHref: String?
    public let emailHref: String?
    public let mapHref: String
    public let manageHref: String
    public let notice: String?
    /// "Contact owner" for a missing pet, "Contact the finder" for a found one.
    public let contactHeading: String
    /// The report's public area on a map (never its exact point), when maps are on.
    public let map: MapView?

    /// A labelled value.
    public struct Row: Sendable {
        public let label: String
        public let value: String
    }

    public init(_ report: Announcement, strings: Strings, notice: String? = nil, place: PlaceLabel? = nil, tiles: MapTiles? = nil) {
        card = ReportCard(report, strings: strings, place: place)
        let area = PublicArea(around: report.location).center
        title = report.petName ?? card.species
        t = strings.table
        let dash = "—"
        let found = report.status == .found
        contactHeading = strings[found ? "contactFinder" : "contactOwner"]
        rows = [
            Row(label: strings[found ? "detailsDateFound" : "detailsDate"], value: report.lastSeenDate),
            Row(label: strings["detailsName"], value: report.petName ?? dash),
            Row(label: strings[found ? "detailsCollar" : "detailsChip"], value: report.microchipNumber.map(MicrochipNumberFormatter.format) ?? dash),
            Row(label: strings["detailsSpecies"], value: card.species),
            Row(label: strings["detailsRace"], value: report.breed ?? dash),
            Row(label: strings["detailsSex"], value: ReportText.sex(report.sex, strings)),
            Row(label: strings["detailsAge"], value: report.age.map { String(format: strings["yearsOld"], $0) } ?? dash),
            Row(label: strings["detailsArea"], value: place.map { strings["nearPlace"].replacingOccurrences(of: "{place}", with: $0.name) }
                    ?? ReportText.coordinates(area)),
            Row(label: strings["detailsPlace"], value: strings["aboutPoint"].replacingOccurrences(of: "{point}", with: ReportText.coordinates(area))),
            Row(label: strings["detailsDescription"], value: report.description ?? dash),
        ]
        reward = report.reward
        phone = report.phone
        email = report.email
        phoneHref = report.phone.map { "tel:\(ContactRules.sanitizedPhone($0))" }
        emailHref = report.email.map { "mailto:\($0)" }
        // The area, not the point: no pin, centred on the snapped grid point.
        mapHref = "https://www.openstreetmap.org/#map=15/\(area.latitude)/\(area.longitude)"
        map = tiles.map { MapView.area($0, around: report.location, strings: strings) }
        manageHref = WebRoute.manage(id: report.id.rawValue).path
        self.notice = notice
    }
}
