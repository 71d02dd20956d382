import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The e-mails PetSpot sends, as the use cases see them: each names what to tell whom, and the writer
/// (`WebMailWriter`, the web module's templates and strings) says it in the reader's language. A use case
/// chooses and queues mail; it never renders it. Every method answers nil when there is no one to send to.
public protocol MailWriter: Sendable {
    /// A new report's code, or (`replaced`) a code replaced from "My reports".
    func managementCode(_ report: Announcement, code: String, place: PlaceLabel?, baseURL: String, replaced: Bool) -> MailContent?
    func match(
        _ match: AnnouncementMatch, missing: Announcement, found: Announcement, foundPlace: PlaceLabel?, baseURL: String
    ) -> MailContent?
    func relayed(
        _ report: Announcement, name: String, email: String, phone: String?, trait: String?, message: String,
        ownTrait: String?, flagLink: String?, baseURL: String
    ) -> MailContent?
    func ownerLink(_ report: Announcement, link: String) -> MailContent?
    func myReportsLink(to email: String, link: String, language: String, baseURL: String) -> MailContent
    func alertConfirmation(_ subscription: AlertSubscription, links: AlertLinks) -> MailContent
    /// The word to a confirmed subscription's address that it now covers another area.
    func alertChanged(_ subscription: AlertSubscription, links: AlertLinks) -> MailContent
    func alert(
        _ report: Announcement, place: PlaceLabel?, for subscription: AlertSubscription, links: AlertLinks,
        baseURL: String
    ) -> MailContent
    func alertDigest(
        _ reports: [(Announcement, PlaceLabel?)], for subscription: AlertSubscription, links: AlertLinks,
        baseURL: String
    ) -> MailContent?
    /// "Still missing?" about one report, or about each of several filed with one address.
    func checkIns(_ questions: [CheckInQuestion], baseURL: String) -> MailContent?
    func searchPlan(_ report: Announcement, plan: DailyPlan, stop: String, baseURL: String) -> MailContent?
    func moderationNotice(_ report: Announcement, action: ModerationNotice, reason: String, baseURL: String) -> MailContent?
    func sightings(_ sightings: [Sighting], of report: Announcement, places: [PlaceLabel?], baseURL: String) -> MailContent?
    func foundAgain(_ report: Announcement, watcher: SightingWatcher, baseURL: String) -> MailContent
}

/// One report in a check-in e-mail: its two one-time answer links and, for a missing pet, the day's plan.
public struct CheckInQuestion: Sendable {
    public var report: Announcement
    public var stillMissing: String
    public var reunited: String
    public var plan: DailyPlan?
}

/// What a missing pet's owner is told to do today: the facts the day's steps are made from, and the link
/// to the plan's page.
public struct DailyPlan: Sendable {
    public var answers: SearchAnswers
    public var state = SearchPlanState()
    public var directory: [DirectoryPlace] = []
    public var today: ReportDate
    public var link: String
}
