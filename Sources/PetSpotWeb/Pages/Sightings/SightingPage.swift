import Foundation
import PetSpotDomain
import PetSpotRoutes

/// "I saw this pet": a sighting without an account. When (now by default), where (a place,
/// the map or the device's location), a note, a photo, an e-mail to hear when the pet is found. The
/// form is `multipart/form-data` (the photo), its CSRF token in the action's query; a honeypot for bots.
public struct SightingPage: WebPage {
    public let templateName = "sighting"
    public let frame: QueuedFormFrame
    public let t: [String: String]
    public let leading: [FormControl]
    public let coordinates: [FormControl]
    public let trailing: [FormControl]
    public let map: MapView?
    public var title: String { frame.title }

    /// The form's fields, as the rules read them.
    public static func form(_ values: [String: String]) -> SightingForm {
        SightingForm(
            seenAt: values["seenAt"] ?? "", latitude: values["latitude"] ?? "", longitude: values["longitude"] ?? "",
            note: values["note"] ?? "", email: values["email"] ?? "")
    }

    /// - Parameter now: the default time, shown in `timeZone` (the page's script puts the device's own).
    public init(
        _ report: Announcement, values: [String: String] = [:], errors fieldErrors: [FieldError] = [], now: Date,
        timeZone: TimeZone, tiles: MapTiles?, csrf: String, strings: Strings
    ) {
        let frame = QueuedFormFrame(
            report, title: strings[.sightingFormTitle], formAction: WebRoute.sighting(id: report.id.rawValue).path + "?token=" + csrf,
            sendAction: WebRoute.sightingSend(id: report.id.rawValue).path, csrf: csrf, errors: fieldErrors,
            advice: [.adviceNeverPay, .advicePublicPlace], strings: strings)
        self.frame = frame
        t = strings.table
        let error = frame.error
        func input(_ name: String, _ label: TextKey, type: String = "text") -> FormControl {
            var control = FormControl(.input, name: name, label: strings[label], value: values[name] ?? "")
            control.type = type
            return control
        }
        var when = input("seenAt", .sightingWhen, type: "datetime-local")
        if when.value.isEmpty { when.value = Self.localTime(now, timeZone) }
        when.max = Self.localTime(now.addingTimeInterval(SightingForm.allowedSkew), timeZone)
        let place = PlaceControls(
            label: strings[.placeLabel], strings: strings, value: { values[$0] ?? "" }, error: error,
            hint: strings[tiles == nil ? .sightingWhereNoMap : .sightingWhere])
        leading = [when.described(hint: strings[.sightingWhenHint], error: error("seenAt")), place.place]
        coordinates = place.coordinates
        var note = FormControl(.textarea, name: "note", label: strings[.sightingNote], value: values["note"] ?? "")
        note.maxlength = SightingForm.noteLimit
        note.placeholder = strings[.sightingNotePlaceholder]
        var photo = input("photo", .sightingPhoto, type: "file")
        photo.accept = "image/*"
        var email = input("email", .sightingEmail, type: "email")
        email.autocomplete = "email"
        trailing = [
            note.described(error: error("note")), photo.described(hint: strings[.photoHint], error: error("photo")),
            email.described(hint: strings[.sightingEmailHint], error: error("email")),
        ]
        map = tiles.map { MapView.pick($0, latitude: values["latitude"] ?? "", longitude: values["longitude"] ?? "", strings: strings) }
    }

    /// `2026-05-01T14:30`, as a `datetime-local` input takes it.
    static func localTime(_ date: Date, _ zone: TimeZone) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)T\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
                timeZone: zone, calendar: Calendar(identifier: .gregorian)))
    }
}

/// One sighting on a report's timeline (newest first), numbered as its marker on the map (the oldest is 1).
public struct SightingItem: Sendable {
    public let id: String
    public let number: Int
    public let time: String
    public let isoTime: String
    public let area: String
    public let note: String?
    /// For the owner, over a note that asks for money or a code (strangers never see such a note).
    public var warning: String?
    public let photoURL: String?
    public let hidden: Bool
    public let latitude: Double
    public let longitude: Double
    /// "Report a problem" with this sighting.
    public var flagHref: String = ""

    /// The items of `sightings` (newest first), with `places` naming each one's area; for the owner, a note
    /// that asks for money or a code is marked (the public timeline never has one).
    public static func timeline(_ sightings: [Sighting], places: [PlaceLabel?], strings: Strings, forOwner: Bool = false) -> [SightingItem] {
        zip(sightings, places).enumerated().map { index, pair in
            let (sighting, place) = pair
            let area = PublicArea(around: sighting.location).center
            var item = SightingItem(
                id: sighting.id, number: sightings.count - index, time: SightingText.time(sighting.seenAt, zone: place?.timeZone, strings: strings),
                isoTime: Timestamp.string(sighting.seenAt),
                area: place.map { ReportText.near($0, strings) }
                    ?? ReportText.coordinates(area, strings),
                note: sighting.note, photoURL: sighting.photoURL.map { $0 + "?w=400" }, hidden: sighting.hidden,
                latitude: area.latitude, longitude: area.longitude)
            item.flagHref = WebRoute.flagSighting(id: sighting.reportID.rawValue, sighting: sighting.id).path
            if forOwner, ScamSigns.asksForMoney(sighting.note ?? "") { item.warning = strings[.sightingScamWarning] }
            return item
        }
    }

    /// The map's markers: `number,lat,lng` joined by `;`.
    public static func markers(_ items: [SightingItem]) -> String {
        items.filter { !$0.hidden }.map { "\($0.number),\($0.latitude),\($0.longitude)" }.joined(separator: ";")
    }
}
