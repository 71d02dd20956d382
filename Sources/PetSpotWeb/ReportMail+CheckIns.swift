import Foundation
import PetSpotDomain
import PetSpotRoutes

extension ReportMail {
    /// One report in a check-in e-mail: its two one-time links and, for a missing pet, the day's plan and its page.
    public struct CheckInItem: Sendable {
        public var report: Announcement
        public var stillMissing: String
        public var reunited: String
        public var plan: (SearchPlanView, String)?
        public init(report: Announcement, stillMissing: String, reunited: String, plan: (SearchPlanView, String)?) {
            self.report = report
            self.stillMissing = stillMissing
            self.reunited = reunited
            self.plan = plan
        }
    }

    /// The check-in e-mail to one address: about its one report as `checkIn` says, or, for several (a
    /// shelter's forty found pets), one e-mail naming each report with its own links.
    public static func checkIns(_ items: [CheckInItem], baseURL: String) -> MailContent? {
        guard let first = items.first, let to = first.report.email else { return nil }
        guard items.count > 1 else {
            return checkIn(first.report, stillMissing: first.stillMissing, reunited: first.reunited, plan: first.plan, baseURL: baseURL)
        }
        let t = Strings(Language(rawValue: first.report.language) ?? .en)
        let links = items.enumerated().flatMap { index, item in
            let report = item.report, found = report.status == .found
            let name = report.petName.map { " " + t.quoted($0) } ?? ""
            return [
                (
                    "\(index + 1). \(headline(report, t))\(name), \(ReportText.day(report.lastSeenDate, t))",
                    baseURL + WebRoute.details(id: report.id.rawValue).path
                )
            ]
                + [
                    ("   " + t.text(found ? "mailCheckInStillFound" : "mailCheckInStill"), item.stillMissing),
                    ("   " + t[.mailCheckInReunited], item.reunited),
                ] + (item.plan.map { [("   " + t[.mailPlanOpen], $0.1)] } ?? [])
        }
        let body = MailBody(
            paragraphs: [t[.mailCheckInsBody]], highlight: nil, after: [t[.mailCheckInStale]], facts: [], links: links,
            footer: t[.mailCheckInOnce])
        return body.mail(to: to, subject: t.counted(.checkInReports, items.count), strings: t)
    }

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
