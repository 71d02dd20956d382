import PetSpotDomain
import PetSpotRoutes

/// A print-ready A4 flyer of a report (`@media print`: one page, black and white friendly): the
/// headline, a large photo, the facts, the contact, a QR code to the live report and tear-off strips
/// with the short link. The QR code's SVG comes from the server's encoder (PetSpotQR).
public struct FlyerPage: WebPage {
    public let templateName = "flyer"
    public let title: String
    public let t: [String: String]
    public let headline: String
    public let name: String
    public let photoURL: String?
    public let facts: [DetailsPage.Row]
    public let reward: String?
    public let phone: String?
    /// "Seen it? Call" on a missing pet's flyer, "Is it yours? Call" on a found one's.
    public let callLabel: String
    public let qrSVG: String
    public let shortLink: String
    public let strips: [String]
    public let detailsHref: String
    public let isClosed: Bool
    /// How to reach the reporter when the flyer prints no phone: the QR code and the short link lead
    /// to a message form.
    public let messageNote: String?

    /// - Parameters:
    ///   - qrSVG: the QR code of `liveURL`, as SVG markup.
    ///   - shortLink: the report's short address, without the scheme (`petspot.example/p/0b6f1c3e`).
    ///   - filedAs: the kind it was filed as, `.missing` or `.found` (a closed report no longer says); its status when nil.
    public init(
        _ report: Announcement, filedAs: AnnouncementStatus? = nil, place: PlaceLabel?, qrSVG: String, shortLink: String, strings: Strings
    ) {
        let card = ReportCard(report, strings: strings, place: place)
        let found = ReportText.isFound(report, filedAs: filedAs)
        headline = strings.text(report.status == .closed ? "flyerReunited" : (found ? "flyerFound" : "flyerMissing"))
            .replacingOccurrences(of: "{species}", with: card.species.uppercased())
        name = report.petName ?? card.species
        title = "\(headline) – \(name)"
        t = strings.table
        photoURL = report.photoURL
        var facts = [DetailsPage.Row(label: strings.text(found ? "detailsDateFound" : "detailsDate"), value: ReportText.day(report.lastSeenDate, strings))]
        if let place { facts.append(DetailsPage.Row(label: strings[.detailsArea], value: ReportText.place(place, strings))) }
        facts.append(DetailsPage.Row(label: strings[.detailsSpecies], value: card.species))
        for text in PetText.plainLines {
            if let value = report.pet[keyPath: text.keyPath] { facts.append(DetailsPage.Row(label: strings.text(text.webKey(.details)), value: value)) }
        }
        facts.append(DetailsPage.Row(label: strings[.detailsSex], value: ReportText.sex(report.sex, strings)))
        if let age = report.age { facts.append(DetailsPage.Row(label: strings[.detailsAge], value: strings.counted(.years, age))) }
        if let description = report.description { facts.append(DetailsPage.Row(label: strings[.detailsDescription], value: description)) }
        self.facts = facts
        reward = report.status == .closed ? nil : report.reward
        phone = report.contactRelayed ? nil : report.phone
        callLabel = strings[found ? .flyerCallFound : .flyerCall]
        self.qrSVG = qrSVG
        self.shortLink = shortLink
        strips = Array(repeating: shortLink, count: 8)
        detailsHref = WebRoute.details(id: report.id.rawValue).path
        isClosed = report.status == .closed
        messageNote =
            isClosed || phone != nil || report.email == nil
            ? nil
            : strings[found ? .flyerMessageFinder : .flyerMessageOwner].filling("{link}", with: shortLink)
    }
}

/// A meta tag of the page's head (Open Graph's `property`, Twitter's `name`).
public struct MetaTag: Sendable, Equatable {
    public let attribute: String
    public let name: String
    public let content: String

    public init(property name: String, _ content: String) {
        attribute = "property"
        self.name = name
        self.content = content
    }

    public init(name: String, _ content: String) {
        attribute = "name"
        self.name = name
        self.content = content
    }
}

/// The details page's "share" block: the link, a text ready for a neighbourhood group, the flyer.
public struct ShareBlock: Sendable {
    public let url: String
    public let text: String
    public let flyerHref: String
    public let title: String
}
