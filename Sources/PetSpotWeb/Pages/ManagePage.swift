import PetSpotDomain

/// The owner's page: the management code, then "mark as reunited" or "remove".
public struct ManagePage: WebPage {
    public let templateName = "manage"
    public let title: String
    public let t: [String: String]
    public let card: ReportCard
    public let detailsHref: String
    public let formAction: String
    public let csrf: String
    public let code: FormControl
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    public let canReunite: Bool
    /// The ranked matches, once the owner asked for them with the right code.
    public let matches: [ReportCard]
    public let showsMatches: Bool
    public let hasMatches: Bool

    /// - Parameter errorKey: the message for the code field, when the last attempt failed.
    /// - Parameter matches: the report's matches, when the owner asked for them with the right code.
    public init(_ report: Announcement, errorKey: String? = nil, matches: [AnnouncementMatch]? = nil, csrf: String, strings: Strings) {
        title = strings["manageTitle"]
        t = strings.table
        card = ReportCard(report, strings: strings)
        detailsHref = WebRoute.details(id: report.id.rawValue).path
        formAction = WebRoute.manage(id: report.id.rawValue).path
        self.csrf = csrf
        var code = FormControl(.input, name: "code", label: strings["codeLabel"], value: "")
        code.inputmode = "numeric"
        code.autocomplete = "off"
        code.maxlength = 6
        let message = errorKey.map { strings[$0] }
        self.code = code.described(hint: strings["manageIntro"], error: message)
        errors = message.map { [ErrorSummaryItem(href: "#field-code", message: $0)] } ?? []
        hasErrors = !errors.isEmpty
        canReunite = report.status != .closed
        showsMatches = matches != nil
        hasMatches = matches?.isEmpty == false
        self.matches = (matches ?? []).map { match in
            var card = ReportCard(match.candidate, strings: strings)
            card.note = strings["matchNote"]
                .replacingOccurrences(of: "{reason}", with: strings[match.reason == .microchip ? "matchReasonChip" : "matchReasonSimilar"])
                .replacingOccurrences(of: "{km}", with: String(format: "%.1f", match.distanceKm))
                .replacingOccurrences(of: "{score}", with: String(Int((match.score * 100).rounded())))
            return card
        }
    }
}
