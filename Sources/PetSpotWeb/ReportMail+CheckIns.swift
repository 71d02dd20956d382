import Foundation
import PetSpotDomain

extension ReportMail {
    /// "Is your pet still missing?" to the reporter, with the two one-time links (nil without an address).
    public static func checkIn(_ report: Announcement, stillMissing: String, reunited: String, baseURL: String) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let found = report.status == .found
        let body = MailBody(paragraphs: [t.text(found ? "mailCheckInFoundBody" : "mailCheckInBody")],
                            highlight: nil, after: [t[.mailCheckInStale]], facts: petNameFact(report, t),
                            links: [(t.text(found ? "mailCheckInStillFound" : "mailCheckInStill"), stillMissing),
                                    (t[.mailCheckInReunited], reunited),
                                    (t[.mailSeeReport], baseURL + WebRoute.details(id: report.id.rawValue).path)],
                            footer: t[.mailCheckInOnce])
        return body.mail(to: to, subject: t.text(found ? "mailCheckInFoundSubject" : "mailCheckInSubject"), strings: t)
    }
}
