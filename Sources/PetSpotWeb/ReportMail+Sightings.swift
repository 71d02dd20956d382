import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The e-mails about sightings: the owner's notice of new ones, and the word to those who
/// asked to hear when the pet is found.
extension ReportMail {
    /// The owner's notice of `sightings` of `report` (nil when the report has no e-mail or none are new).
    /// `places` names each sighting's area, in the order of `sightings`.
    public static func sightings(_ sightings: [Sighting], of report: Announcement, places: [PlaceLabel?], baseURL: String) -> MailContent? {
        guard let to = report.email, !sightings.isEmpty else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let facts =
            petNameFact(report, t)
            + zip(sightings, places).map { sighting, place in
                let area =
                    place.map { ReportText.near($0, t) }
                    ?? ReportText.coordinates(PublicArea(around: sighting.location).center, t)
                return (SightingText.time(sighting.seenAt, zone: place?.timeZone, strings: t) + ", " + area, sighting.note ?? "—")
            }
        let count = sightings.count == 1 ? t[.mailSightingOne] : t.counted(.newSightings, sightings.count)
        // A note that asks for money or a code is a scam's opening: the owner is warned first.
        let scam = sightings.contains { ScamSigns.asksForMoney($0.note ?? "") }
        let body = MailBody(
            paragraphs: (scam ? [t[.mailSightingMoney]] : []) + [count, t[.mailSightingCheck]],
            highlight: nil, after: [], facts: facts,
            links: [
                (t[.mailSightingTimeline], baseURL + WebRoute.details(id: report.id.rawValue).path + "#sightings"),
                (t[.mailSightingHide], baseURL + WebRoute.manage(id: report.id.rawValue).path),
            ],
            footer: [.adviceNeverPay, .adviceNoCodes, .advicePublicPlace].map { t[$0] }.joined(separator: " "))
        return body.mail(to: to, subject: t[.mailSightingSubject], strings: t)
    }

    /// The word to someone who saw the pet that it is home again.
    public static func foundAgain(_ report: Announcement, watcher: SightingWatcher, baseURL: String) -> MailContent {
        let t = Strings(Language(rawValue: watcher.language) ?? .en)
        let body = MailBody(
            paragraphs: [t[.mailFoundAgainBody]], highlight: nil, after: [],
            facts: petNameFact(report, t), links: [(t[.mailSeeTheReport], baseURL + WebRoute.details(id: report.id.rawValue).path)],
            footer: t[.mailFoundAgainFooter], toReporter: false)
        return body.mail(to: watcher.email, subject: t[.mailFoundAgainSubject], strings: t)
    }
}

/// How sightings read on pages and in e-mails.
public enum SightingText {
    /// `2026-05-01 16:30 (Warsaw time)` (`01.05.2026 16:30 (czas środkowoeuropejski)`) in the place's own zone, said; `2026-05-01 14:30 UTC` where the
    /// place's zone is not known.
    public static func time(_ date: Date, zone identifier: String? = nil, strings: Strings? = nil) -> String {
        guard let identifier, let strings, let zone = TimeZone(identifier: identifier) else {
            let utc = format(date, in: .utc)
            return (strings.map { ReportText.day(utc, $0) } ?? utc) + " UTC"
        }
        // English names the zone's city ("Warsaw time"); Polish the zone, as CLDR writes it ("czas środkowoeuropejski").
        let city =
            strings.language == .pl
            ? zone.localizedName(for: .generic, locale: Locale(identifier: "pl_PL")) ?? identifier
            : identifier.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? identifier
        return strings[.localTime].filling("{time}", with: ReportText.day(format(date, in: zone), strings)).filling("{zone}", with: city)
    }

    static func format(_ date: Date, in zone: TimeZone) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
                timeZone: zone, calendar: Calendar(identifier: .gregorian)))
    }
}

extension TimeZone {
    static let utc = TimeZone(identifier: "UTC")!
}
