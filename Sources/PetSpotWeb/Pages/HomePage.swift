import PetSpotDomain
import PetSpotRoutes

/// The landing page: "Find your pet", the two report actions, the five newest reports.
public struct HomePage: WebPage {
    public let templateName = "home"
    public let title: String
    public let t: [String: String]
    public let reports: [ReportCard]
    public let hasReports: Bool
    public let lostPetsHref = WebRoute.lostPets().path
    public let missingHref = WebRoute.step(.missing, .microchip).path
    public let foundHref = WebRoute.step(.found, .photo).path

    public let alertsHref = WebRoute.alerts.path
    public let photoSearchHref = WebRoute.photoSearch.path
    /// Search by photo is offered only while it is on (its model installed).
    public let photoSearchOn: Bool

    /// - Parameter labels: each report's place, in order (nil where unknown).
    public init(recent: [Announcement], labels: [PlaceLabel?] = [], photoSearchOn: Bool = true, strings: Strings) {
        self.photoSearchOn = photoSearchOn
        title = strings[.heroTitle]
        t = strings.table
        reports = recent.prefix(5).enumerated().map { index, report in
            ReportCard(report, strings: strings, place: index < labels.count ? labels[index] : nil)
        }
        hasReports = !reports.isEmpty
    }
}
