import PetSpotDomain
import PetSpotRoutes

/// The e-mails of moderation: the reporter hears when their report is held for review,
/// hidden, removed or marked a duplicate, with the reason and how to ask for a review.
extension ReportMail {
    /// The notice to `report`'s reporter (nil when the report has no e-mail address).
    public static func moderationNotice(_ report: Announcement, action: ModerationNotice, reason: String = "", baseURL: String) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let (subject, body): (TextKey, TextKey) =
            switch action {
            case .held: (.mailHeldSubject, .mailHeldBody)
            case .hidden: (.mailHiddenSubject, .mailHiddenBody)
            case .removed: (.mailRemovedSubject, .mailRemovedBody)
            case .duplicate: (.mailDuplicateSubject, .mailDuplicateBody)
            }
        var facts = petNameFact(report, t)
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        if !reason.isEmpty { facts.append((t[.mailModerationReason], reason)) }
        var links: [(label: String, url: String)] = []
        if action != .removed { links.append((t[.mailManageReport], baseURL + WebRoute.manage(id: report.id.rawValue).path)) }
        if action == .duplicate, let original = report.duplicateOf {
            links.append((t[.mailSeeReport], baseURL + WebRoute.details(id: original.rawValue).path))
        }
        let mail = MailBody(
            paragraphs: [t[body]], highlight: nil, after: [t[.mailModerationReview]], facts: facts,
            links: links, footer: nil)
        return mail.mail(to: to, subject: t[subject], strings: t)
    }
}
