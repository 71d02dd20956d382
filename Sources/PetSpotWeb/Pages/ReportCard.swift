import Foundation
import PetSpotDomain
import PetSpotRoutes

/// A report as a list card shows it: photo, species, breed, status badge, date, its place or public area.
public struct ReportCard: Sendable {
    public let href: String
    public let photoURL: String?
    /// The list's small copies of the photo (`?w=`): the default and the `srcset` for denser screens.
    public let thumbnailURL: String?
    public let thumbnailSrcset: String?
    public let petName: String?
    public let species: String
    public let breed: String?
    public let status: String
    public let statusClass: String
    public let date: String
    public let coordinates: String
    /// "near Żoliborz, Warsaw", when the place is known (the coordinates are shown otherwise).
    public let placeText: String?
    /// "2.1 km away", when the list is near a place.
    public let distanceText: String?
    /// A line under the card's facts (why a match matches).
    public var note: String?

    public init(_ announcement: Announcement, strings: Strings, place: PlaceLabel? = nil, distanceKm: Double? = nil) {
        placeText = place.map { ReportText.near($0, strings) }
        distanceText = distanceKm.map { strings[.kmAway].filling("{km}", with: ReportText.oneDecimal($0, strings)) }
        href = WebRoute.details(id: announcement.id.rawValue).path
        photoURL = announcement.photoURL
        thumbnailURL = photoURL.map { "\($0)?w=400" }
        thumbnailSrcset = photoURL.map { "\($0)?w=400 400w, \($0)?w=800 800w" }
        petName = announcement.petName
        species = ReportText.species(announcement.species, strings)
        breed = announcement.breed
        status = ReportText.status(announcement.status, strings)
        statusClass = announcement.status.rawValue.lowercased()
        date = ReportText.day(announcement.lastSeenDate, strings)
        // The public area's centre, never the point the reporter typed (that is where the owner lives).
        coordinates = ReportText.coordinates(PublicArea(around: announcement.location).center, strings)
    }
}

/// How report values read on the pages.
public enum ReportText {
    public static func species(_ value: String, _ strings: Strings) -> String {
        isKnownSpecies(value) ? speciesWord(value, strings) : value
    }

    /// PetSpot's own word for the species: "Other" for a species the apps do not offer, whose text,
    /// as typed, is the reporter's and never goes where PetSpot speaks (an e-mail's subject or heading).
    public static func speciesWord(_ value: String, _ strings: Strings) -> String {
        strings.text("species" + AnimalSpecies(apiValue: value).rawValue.capitalized)
    }

    public static func isKnownSpecies(_ value: String) -> Bool {
        AnimalSpecies(apiValue: value).rawValue == value.trimmingCharacters(in: .whitespaces).uppercased()
    }

    public static func sex(_ value: String, _ strings: Strings) -> String {
        strings.text("sex" + AnimalSex(apiValue: value).rawValue.capitalized)
    }

    public static func status(_ status: AnnouncementStatus, _ strings: Strings) -> String {
        strings.text("status" + status.rawValue.capitalized)
    }

    /// Whether a report speaks of a found pet: it was filed as found (`filedAs`, read for a closed report,
    /// which no longer says), else its status says so.
    public static func isFound(_ report: Announcement, filedAs: AnnouncementStatus?) -> Bool {
        (filedAs ?? report.status) == .found
    }

    /// A day as the language writes it: `2025-11-20` in English (as the contract and the forms write it),
    /// `20.11.2025` in Polish. Anything that is not a `YYYY-MM-DD` day is shown as it is.
    public static func day(_ text: String, _ strings: Strings) -> String {
        let utf8 = Array(text.utf8)
        guard strings.language == .pl, utf8.count >= 10,
            utf8[..<10].indices.allSatisfy({ [4, 7].contains($0) ? utf8[$0] == UInt8(ascii: "-") : (48...57).contains(utf8[$0]) })
        else { return text }
        func part(_ range: Range<Int>) -> String { String(decoding: utf8[range], as: UTF8.self) }
        return part(8..<10) + "." + part(5..<7) + "." + part(0..<4) + String(decoding: utf8[10...], as: UTF8.self)
    }

    /// A place's name as the language's pages say it ("Żoliborz, Warszawa" in Polish).
    public static func place(_ place: PlaceLabel, _ strings: Strings) -> String { place.name(in: strings.language.rawValue) }

    /// "near Żoliborz, Warsaw".
    public static func near(_ place: PlaceLabel, _ strings: Strings) -> String {
        strings[.nearPlace].filling("{place}", with: Self.place(place, strings))
    }

    /// `52.2297° N, 21.0122° E`, with the language's decimal mark (`52,2297° N` in Polish).
    public static func coordinates(_ point: Coordinate, _ strings: Strings) -> String {
        let mark = strings.decimalMark
        return fourDecimals(abs(point.latitude), mark) + "° " + (point.latitude >= 0 ? "N" : "S") + ", "
            + fourDecimals(abs(point.longitude), mark) + "° " + (point.longitude >= 0 ? "E" : "W")
    }

    /// `2.1`, with the language's decimal mark (`2,1` in Polish); with a point when no language is given
    /// (a form's value).
    public static func oneDecimal(_ value: Double, _ strings: Strings? = nil) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        return "\(tenths / 10)\(strings?.decimalMark ?? ".")\(tenths % 10)"
    }

    /// Kilometres with one decimal, a whole number without it: `3`, `3.2` (`3,2` in Polish; a point when
    /// no language is given, for a form's value).
    public static func kilometres(_ value: Double, _ strings: Strings? = nil) -> String {
        let text = oneDecimal(value, strings)
        return text.hasSuffix("0") ? String(text.dropLast(2)) : text
    }

    /// `52.2297` for a non-negative value, without `String(format:)` (a tenth of a list page's CPU).
    static func fourDecimals(_ value: Double, _ mark: String) -> String {
        guard value.isFinite else { return "0\(mark)0000" }
        let scaled = Int((value * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        return "\(scaled / 10_000)\(mark)" + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
