import Foundation
import PetSpotDomain

/// The e-mails about sightings (issue 13): the owner's notice of new ones, and the word to those who
/// asked to hear when the pet is found.
extension ReportMail {
    /// The owner's notice of `sightings` of `report` (nil when the report has no e-mail or none are new).
    /// `places` names each sighting's area, in the order of `sightings`.
    public static func sightings(_ sightings: [Sighting], of report: Announcement, places: [PlaceLabel?], baseURL: String) -> MailContent? {
        guard let to = report.email, !sightings.isEmpty else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let facts = petNameFact(report, t) + zip(sightings, places).map { sighting, place in
            let area = place.map { t[.nearPlace].replacingOccurrences(of: "{place}", with: $0.name) }
                ?? ReportText.coordinates(PublicArea(around: sighting.location).center)
            return (SightingText.time(sighting.seenAt) + ", " + area, sighting.note ?? "—")
        }
        let count = t.text(sightings.count == 1 ? "mailSightingOne" : "mailSightingMany").replacingOccurrences(of: "{count}", with: "\(sightings.count)")
        let body = MailBody(
            paragraphs: [count, t[.mailSightingCheck]],
            highlight: nil, after: [], facts: facts,
            links: [(t[.mailSightingTimeline], baseURL + WebRoute.details(id: report.id.rawValue).path + "#sightings"),
                    (t[.mailSightingHide], baseURL + WebRoute.manage(id: report.id.rawValue).path)],
            footer: [.adviceNeverPay, .adviceNoCodes, .advicePublicPlace].map { t[$0] }.joined(separator: " "))
        return body.mail(to: to, subject: t[.mailSightingSubject], strings: t)
    }

    /// The word to someone who saw the pet that it is home again.
    public static func foundAgain(_ report: Announcement, watcher: SightingWatcher, baseURL: String) -> MailContent {
        let t = Strings(Language(rawValue: watcher.language) ?? .en)
        let body = MailBody(paragraphs: [t[.mailFoundAgainBody]], highlight: nil, after: [],
                            facts: petNameFact(report, t), links: [(t[.mailSeeTheReport], baseURL + WebRoute.details(id: report.id.rawValue).path)],
                            footer: t[.mailFoundAgainFooter])
        return body.mail(to: watcher.email, subject: t[.mailFoundAgainSubject], strings: t)
    }
}

/// How sightings read on pages and in e-mails.
public enum SightingText {
    /// `2026-05-01 14:30 UTC`: one zone for everyone, said.
    public static func time(_ date: Date) -> String {
        date.formatted(Date.VerbatimFormatStyle(
            format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian))) + " UTC"
    }
}
