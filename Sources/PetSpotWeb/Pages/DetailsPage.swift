import Foundation
import PetSpotDomain
import PetSpotRoutes

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
    /// A closed report's page says REUNITED where the contact was, so old flyers stop misleading.
    public let isClosed: Bool
    /// "Send a message to the owner/finder", for reports with an e-mail; the note when contact is relayed.
    public let relayHref: String?
    public let relayLabel: String
    public let relayNote: String?
    public let flyerHref: String
    /// "Report a problem" with this report.
    public let flagHref: String
    /// The share block and the preview tags, when the public address is known.
    public let share: ShareBlock?
    public let metaTags: [MetaTag]
    /// The visible sightings, newest first, and the link to add one (open missing reports).
    public let sightings: [SightingItem]
    public let sightingHref: String?
    public let showsSightings: Bool
    /// A missing pet's likely area today and the areas its owner searched.
    public let whereToLook: WhereToLook?

    /// A labelled value.
    public struct Row: Sendable {
        public let label: String
        public let value: String
    }

    /// - Parameters:
    ///   - filedAs: the kind it was filed as, `.missing` or `.found` (a closed report no longer says); its status when nil.
    ///   - baseURL: the public address (`--public-url`), for the share block and preview tags.
    public init(
        _ report: Announcement, filedAs: AnnouncementStatus? = nil, strings: Strings, notice: String? = nil, place: PlaceLabel? = nil,
        tiles: MapTiles? = nil, baseURL: String? = nil, sightings: [SightingItem] = [], contactsWithheld: Bool = false,
        whereToLook: WhereToLook? = nil
    ) {
        card = ReportCard(report, strings: strings, place: place)
        let area = PublicArea(around: report.location).center
        title = report.petName ?? card.species
        t = strings.table
        let found = ReportText.isFound(report, filedAs: filedAs)
        contactHeading = strings.text(found ? "contactFinder" : "contactOwner")
        rows = Self.facts(report, found: found, species: card.species, place: place, strings: strings)
        // A closed report offers nothing any more.
        reward = report.status == .closed ? nil : report.reward
        // A relayed report's contact details are never on a page, nor any once the reader's hourly share
        // of contact details is spent.
        phone = report.contactRelayed || contactsWithheld ? nil : report.phone
        email = report.contactRelayed || contactsWithheld ? nil : report.email
        phoneHref = phone.map { "tel:\(ContactRules.sanitizedPhone($0))" }
        emailHref = email.map { "mailto:\($0)" }
        relayNote = report.contactRelayed ? strings[.relayedContact] : (contactsWithheld ? strings[.contactsWithheld] : nil)
        relayHref = report.email == nil ? nil : WebRoute.relay(id: report.id.rawValue).path
        relayLabel = strings.text(found ? "relayLinkFinder" : "relayLinkOwner")
        // The area, not the point: no pin, centred on the snapped grid point.
        mapHref = "https://www.openstreetmap.org/#map=15/\(area.latitude)/\(area.longitude)"
        map = tiles.map { Self.map($0, of: report, sightings: sightings, whereToLook: whereToLook, strings: strings) }
        self.whereToLook = whereToLook
        self.sightings = sightings
        sightingHref = report.status == .missing ? WebRoute.sighting(id: report.id.rawValue).path : nil
        showsSightings = report.status == .missing || !sightings.isEmpty
        isClosed = report.status == .closed
        flyerHref = WebRoute.flyer(id: report.id.rawValue).path
        flagHref = WebRoute.flagReport(id: report.id.rawValue).path
        (share, metaTags) = Self.sharing(report, found: found, card: card, place: place, baseURL: baseURL, strings: strings)
        manageHref = WebRoute.manage(id: report.id.rawValue).path
        self.notice = notice
    }

    /// The report's facts, a dash for what is not known.
    static func facts(_ report: Announcement, found: Bool, species: String, place: PlaceLabel?, strings: Strings) -> [Row] {
        let dash = "—"
        let area = PublicArea(around: report.location).center
        var facts = [
            Row(label: strings.text(found ? "detailsDateFound" : "detailsDate"), value: ReportText.day(report.lastSeenDate, strings)),
            Row(label: strings[.detailsPetName], value: report.petName ?? dash),
            Row(label: strings[.detailsChip], value: report.microchipNumber.map(MicrochipNumberFormatter.format) ?? dash),
            Row(label: strings[.detailsSpecies], value: species),
        ]
        facts += PetText.plainLines.map { Row(label: strings.text($0.webKey(.details)), value: report.pet[keyPath: $0.keyPath] ?? dash) }
        facts += [
            Row(label: strings[.detailsSex], value: ReportText.sex(report.sex, strings)),
            Row(label: strings[.detailsAge], value: report.age.map { strings.counted(.years, $0) } ?? dash),
            Row(
                label: strings[.detailsArea],
                value: place.map { ReportText.near($0, strings) }
                    ?? ReportText.coordinates(area, strings)),
            Row(label: strings[.detailsPlace], value: strings[.aboutPoint].filling("{point}", with: ReportText.coordinates(area, strings))),
            Row(label: strings[.detailsDescription], value: report.description ?? dash),
        ]
        // What a finder typed from a tag is private: a found report without a chip number has no chip row.
        if found, report.microchipNumber == nil { facts.remove(at: 2) }
        return facts
    }

    /// The area's map (no pin, centred on the snapped grid point), with the sightings and where to look.
    static func map(_ tiles: MapTiles, of report: Announcement, sightings: [SightingItem], whereToLook: WhereToLook?, strings: Strings) -> MapView {
        var map = MapView.area(tiles, around: report.location, strings: strings)
        if !sightings.isEmpty {
            map.markers = SightingItem.markers(sightings)
            map.label = strings[.sightingMapLabel]
        }
        if let whereToLook {
            map.likelyRadius = String(whereToLook.mapRadius)
            map.searched = whereToLook.mapSearched
        }
        return map
    }

    /// "MISSING DOG near Warsaw since 2025-05-01: Rex. Have you seen it?" with the link, and the Open
    /// Graph and Twitter tags of the same (the photo's list-sized copy, absolute).
    static func sharing(
        _ report: Announcement, found: Bool, card: ReportCard, place: PlaceLabel?, baseURL: String?,
        strings: Strings
    ) -> (ShareBlock?, [MetaTag]) {
        guard let baseURL else { return (nil, []) }
        let url = baseURL + WebRoute.details(id: report.id.rawValue).path
        let closed = report.status == .closed
        let key = closed ? "shareReunited" : (found ? "shareFound" : "shareMissing")
        let title =
            strings.text(key).filling("{species}", with: card.species.uppercased())
            + (report.petName.map { ": \($0)" } ?? "") + (place.map { " – " + ReportText.place($0, strings) } ?? "")
        let summary = sentences([
            strings.text(found ? "detailsDateFound" : "detailsDate") + ": " + ReportText.day(report.lastSeenDate, strings),
            report.description,
        ])
        var tags = [
            MetaTag(property: "og:type", "website"), MetaTag(property: "og:site_name", "PetSpot"),
            MetaTag(property: "og:title", title), MetaTag(property: "og:description", summary), MetaTag(property: "og:url", url),
            MetaTag(name: "twitter:title", title), MetaTag(name: "twitter:description", summary),
        ]
        if let photo = report.photoURL {
            let image = (photo.hasPrefix("/") ? baseURL + photo : photo) + "?w=800"
            tags += [
                MetaTag(property: "og:image", image), MetaTag(property: "og:image:width", "800"),
                MetaTag(property: "og:image:height", "400"), MetaTag(name: "twitter:card", "summary_large_image"),
                MetaTag(name: "twitter:image", image),
            ]
        } else {
            tags.append(MetaTag(name: "twitter:card", "summary"))
        }
        // A reunited pet needs no one's eyes any more: its text asks nothing.
        let ask = closed ? "" : strings[found ? .shareAskFound : .shareAsk] + " "
        let text = sentences([title, summary]) + " " + ask + url
        return (ShareBlock(url: url, text: text, flyerHref: WebRoute.flyer(id: report.id.rawValue).path, title: title), tags)
    }

    /// The texts as sentences: each ends with a full stop unless it ends with its own (".", "!", "?", "…").
    static func sentences(_ texts: [String?]) -> String {
        texts.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .map { text in ".!?…".contains(text.last ?? " ") ? text : text + "." }.joined(separator: " ")
    }
}
