import PetSpotDomain
import PetSpotRoutes

/// Search by photo: the form (a photo, where, how far, which reports) and, after a search, the reports whose
/// photos look most like the one sent, each card saying how alike in words. Without the model, a page that
/// says the feature is off.
public struct PhotoSearchPage: WebPage {
    public let templateName = "photosearch"
    public let title: String
    public let t: [String: String]
    public let isOn: Bool
    /// The form's action, with its CSRF token (the body is multipart).
    public let action: String
    public let lostPetsHref = WebRoute.lostPets().path
    public let place: String
    public let radius: String
    public let missingChecked: Bool
    public let errors: [String]
    public let hasErrors: Bool
    public let searched: Bool
    public let cards: [ReportCard]
    public let isEmpty: Bool

    /// One report found: the report, its place, how alike its photo is, and how far from the place typed.
    public struct Found: Sendable {
        public let report: Announcement
        public let place: PlaceLabel?
        public let likeness: Likeness
        public let distanceKm: Double?
        public init(report: Announcement, place: PlaceLabel?, likeness: Likeness, distanceKm: Double? = nil) {
            self.report = report
            self.place = place
            self.likeness = likeness
            self.distanceKm = distanceKm
        }
    }

    public init(
        isOn: Bool, csrf: String, values: [String: String], errorKeys: [TextKey], found: [Found]?, strings: Strings
    ) {
        title = strings[isOn ? .photoSearchTitle : .photoSearchOffTitle]
        t = strings.table
        self.isOn = isOn
        action = WebRoute.photoSearch.path + "?token=" + csrf
        place = values["place"] ?? ""
        radius = values["range"].flatMap { $0.isEmpty ? nil : $0 } ?? "10"
        missingChecked = values["status"] != "FOUND"
        errors = errorKeys.map { strings[$0] }
        hasErrors = !errors.isEmpty
        searched = found != nil
        cards = (found ?? []).map { item in
            var card = ReportCard(item.report, strings: strings, place: item.place, distanceKm: item.distanceKm)
            card.note = item.likeness.words(language: strings.language.rawValue)
            return card
        }
        isEmpty = cards.isEmpty
    }
}
