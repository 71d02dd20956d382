import Foundation
import PetSpotDomain
import PetSpotRoutes

extension ReportMail {
    /// The owner's one-time link to manage `report` without its code, to the address the report was
    /// filed with (nil without one).
    public static func ownerLink(_ report: Announcement, link: String) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let body = MailBody(
            paragraphs: [t[.mailOwnerLinkBody]], highlight: nil, after: [], facts: petNameFact(report, t),
            links: [(t[.mailOwnerLinkOpen], link)], footer: t[.mailOwnerLinkIgnore])
        return body.mail(to: to, subject: t[.mailOwnerLinkSubject], strings: t)
    }
}
