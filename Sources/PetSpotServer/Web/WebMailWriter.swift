import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotWeb

/// The use cases' e-mails in the web module's words (`ReportMail`), each in its reader's language.
struct WebMailWriter: MailWriter {
    func managementCode(_ report: Announcement, code: String, place: PlaceLabel?, baseURL: String, replaced: Bool) -> MailContent? {
        ReportMail.managementCode(report, code: code, place: place, baseURL: baseURL, replaced: replaced)
    }

    func match(
        _ match: AnnouncementMatch, missing: Announcement, found: Announcement, foundPlace: PlaceLabel?, baseURL: String
    ) -> MailContent? {
        ReportMail.match(match, missing: missing, found: found, foundPlace: foundPlace, baseURL: baseURL)
    }

    func relayed(
        _ report: Announcement, name: String, email: String, phone: String?, trait: String?, message: String,
        ownTrait: String?, flagLink: String?, baseURL: String
    ) -> MailContent? {
        ReportMail.relayed(
            report, name: name, email: email, phone: phone, trait: trait, message: message, ownTrait: ownTrait,
            flagLink: flagLink, baseURL: baseURL)
    }

    func ownerLink(_ report: Announcement, link: String) -> MailContent? { ReportMail.ownerLink(report, link: link) }

    func myReportsLink(to email: String, link: String, language: String, baseURL: String) -> MailContent {
        ReportMail.myReportsLink(to: email, link: link, language: language, baseURL: baseURL)
    }

    func alertConfirmation(_ subscription: AlertSubscription, links: AlertLinks) -> MailContent {
        ReportMail.alertConfirmation(subscription, links: links)
    }

    func alertChanged(_ subscription: AlertSubscription, links: AlertLinks) -> MailContent {
        ReportMail.alertChanged(subscription, links: links)
    }

    func alert(
        _ report: Announcement, place: PlaceLabel?, for subscription: AlertSubscription, links: AlertLinks,
        baseURL: String
    ) -> MailContent {
        ReportMail.alert(report, place: place, for: subscription, links: links, baseURL: baseURL)
    }

    func alertDigest(
        _ reports: [(Announcement, PlaceLabel?)], for subscription: AlertSubscription, links: AlertLinks,
        baseURL: String
    ) -> MailContent? {
        ReportMail.alertDigest(reports, for: subscription, links: links, baseURL: baseURL)
    }

    func checkIns(_ questions: [CheckInQuestion], baseURL: String) -> MailContent? {
        let items = questions.map { question in
            ReportMail.CheckInItem(
                report: question.report, stillMissing: question.stillMissing, reunited: question.reunited,
                plan: question.plan.flatMap { plan in Self.view(of: question.report, plan).map { ($0, plan.link) } })
        }
        return ReportMail.checkIns(items, baseURL: baseURL)
    }

    func searchPlan(_ report: Announcement, plan: DailyPlan, stop: String, baseURL: String) -> MailContent? {
        Self.view(of: report, plan).flatMap { ReportMail.searchPlan(report, plan: $0, open: plan.link, stop: stop, baseURL: baseURL) }
    }

    func moderationNotice(_ report: Announcement, action: ModerationNotice, reason: String, baseURL: String) -> MailContent? {
        ReportMail.moderationNotice(report, action: action, reason: reason, baseURL: baseURL)
    }

    func sightings(_ sightings: [Sighting], of report: Announcement, places: [PlaceLabel?], baseURL: String) -> MailContent? {
        ReportMail.sightings(sightings, of: report, places: places, baseURL: baseURL)
    }

    func foundAgain(_ report: Announcement, watcher: SightingWatcher, baseURL: String) -> MailContent {
        ReportMail.foundAgain(report, watcher: watcher, baseURL: baseURL)
    }

    /// The day's steps of a missing pet's plan, in the report's language (nil for a found pet).
    private static func view(of report: Announcement, _ plan: DailyPlan) -> SearchPlanView? {
        SearchPlanView(report, plan: plan, strings: Strings(Language(rawValue: report.language) ?? .en))
    }
}

extension SearchPlanView {
    /// The day's steps of `plan`, in `strings`' language (nil for a found pet).
    init?(_ report: Announcement, plan: DailyPlan, strings: Strings) {
        self.init(report, answers: plan.answers, state: plan.state, directory: plan.directory, today: plan.today, strings: strings)
    }
}
