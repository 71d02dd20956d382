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
    /// The question asked before a change that cannot be taken back lightly (reunite, remove).
    public let confirmation: Confirmation?

    /// "Are you sure?" for `action`, with the code carried to the answer.
    public struct Confirmation: Sendable {
        public let title: String
        public let body: String
        public let button: String
        /// The form's `action` value that carries out the change.
        public let action: String
        public let code: String
        public let danger: Bool
    }

    /// The changes that are asked about first.
    public enum Change: String, Sendable {
        case reunite, delete

        /// The `action` value of the confirmed change.
        public var confirmed: String { rawValue + "-confirmed" }
    }

    /// - Parameter errorKey: the message for the code field, when the last attempt failed.
    /// - Parameter matches: the report's matches, when the owner asked for them with the right code.
    public init(_ report: Announcement, errorKey: String? = nil, matches: [AnnouncementMatch]? = nil,
                confirming change: Change? = nil, code confirmedCode: String = "", csrf: String, strings: Strings) {
        confirmation = change.map { change in
            let key = change == .reunite ? "Reunite" : "Remove"
            return Confirmation(title: strings["confirm\(key)Title"], body: strings["confirm\(key)Body"],
                                button: strings["confirm\(key)Button"], action: change.confirmed, code: confirmedCode,
                                danger: change == .delete)
        }
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
