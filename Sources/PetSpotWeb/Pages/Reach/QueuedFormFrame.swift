import PetSpotDomain
import PetSpotRoutes

/// What a form about one report that a phone can queue without signal shows around its own fields (the
/// message and the sighting forms): the title, the report's card, where it posts and where the queue
/// sends it later, the errors found and the scam-aware advice.
public struct QueuedFormFrame: Sendable {
    public let title: String
    public let card: ReportCard
    public let formAction: String
    /// Where the phone's queue sends the form later (no form token: the session may be gone by then).
    public let sendAction: String
    public let csrf: String
    public let errors: [ErrorSummaryItem]
    public let advice: [String]
    let fieldErrors: [FieldError]
    let strings: Strings

    init(
        _ report: Announcement, title: String, formAction: String, sendAction: String, csrf: String, errors: [FieldError],
        advice: [TextKey], strings: Strings
    ) {
        self.title = title
        card = ReportCard(report, strings: strings)
        self.formAction = formAction
        self.sendAction = sendAction
        self.csrf = csrf
        fieldErrors = errors
        self.errors = errors.map { ErrorSummaryItem($0, strings: strings) }
        self.advice = advice.map { strings[$0] }
        self.strings = strings
    }

    /// The message of the first error found in field `name`.
    func error(_ name: String) -> String? { fieldErrors.message(for: name, strings) }
}
