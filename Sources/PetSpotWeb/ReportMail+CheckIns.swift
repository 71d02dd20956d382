import Foundation
import PetSpotDomain
import PetSpotRoutes

extension ReportMail {
    /// "Is your pet still missing?" to the reporter, with the two one-time links (nil without an address).
    /// A missing pet's check-in carries the day's plan and the link to its page.
    public static func checkIn(
        _ report: Announcement, stillMissing: String, reunited: String, plan: (SearchPlanView, String)? = nil,
        baseURL: String
    ) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let found = report.status == .found
        let steps = plan.map { [$0.0.title + ":"] + $0.0.stepTexts.enumerated().map { "\($0.offset + 1). \($0.element)" } } ?? []
        let body = MailBody(
            paragraphs: [t.text(found ? "mailCheckInFoundBody" : "mailCheckInBody")],
            highlight: nil, after: [t[.mailCheckInStale]] + steps, facts: petNameFact(report, t),
            links: [
                (t.text(found ? "mailCheckInStillFound" : "mailCheckInStill"), stillMissing),
                (t[.mailCheckInReunited], reunited),
            ]
                + (plan.map { [(t[.mailPlanOpen], $0.1)] } ?? [])
                + [(t[.mailSeeReport], baseURL + WebRoute.details(id: report.id.rawValue).path)],
            footer: t[.mailCheckInOnce])
        return body.mail(to: to, subject: t.text(found ? "mailCheckInFoundSubject" : "mailCheckInSubject"), strings: t)
    }
}
