import Foundation
import PetSpotDomain
import PetSpotRoutes

extension ReportMail {
    /// The owner's plan for the day, with a link to tick what is done and a one-click stop
    /// (nil without an address).
    public static func searchPlan(_ report: Announcement, plan: SearchPlanView, open: String, stop: String, baseURL: String) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let steps = plan.stepTexts.enumerated().map { "\($0.offset + 1). \($0.element)" }
        let places = plan.places.map { place in
            (
                label: "\(place.name) (\(place.kind), \(place.distance))",
                value: ([place.address] + [place.phone, place.hours].compactMap { $0 }).joined(separator: ", ")
            )
        }
        let body = MailBody(
            paragraphs: [t[.mailPlanIntro]] + steps, highlight: nil, after: [plan.area],
            facts: petNameFact(report, t) + places, factsTitle: places.isEmpty ? nil : plan.placesTitle,
            links: [
                (t[.mailPlanOpen], open), (t[.mailSeeReport], baseURL + WebRoute.details(id: report.id.rawValue).path),
                (t[.mailPlanStop], stop),
            ],
            footer: t[.mailPlanWhy])
        var mail = body.mail(to: to, subject: t[.mailPlanSubject].filling("{when}", with: t.daysMissing(plan.days)), strings: t)
        mail.listUnsubscribe = stop
        return mail
    }
}
