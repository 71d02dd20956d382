import PetSpotDomain
import PetSpotRoutes

/// "Send a message to the owner (or the finder)": PetSpot e-mails it to the reporter with the sender's
/// address as Reply-To, so nobody's address is published. For a missing pet the sender is asked what
/// identifies it, which the owner checks against what only they know. Scam-aware advice on the page.
public struct RelayPage: WebPage {
    public let templateName = "relay"
    public let title: String
    public let t: [String: String]
    public let card: ReportCard
    public let formAction: String
    /// Where the phone's queue sends the message later (no form token: the session may be gone by then).
    public let sendAction: String
    public let csrf: String
    public let controls: [FormControl]
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    public let advice: [String]

    public static let fields = ["name", "email", "phone", "trait", "message"]

    public init(
        _ report: Announcement, values: [String: String] = [:], errors fieldErrors: [FieldError] = [], csrf: String,
        strings: Strings
    ) {
        let found = report.status == .found
        title = strings.text(found ? "relayTitleFinder" : "relayTitleOwner")
        t = strings.table
        card = ReportCard(report, strings: strings)
        formAction = WebRoute.relay(id: report.id.rawValue).path
        sendAction = WebRoute.relaySend(id: report.id.rawValue).path
        self.csrf = csrf
        func error(_ name: String) -> String? { fieldErrors.first { $0.field == name }.map { strings.text($0.messageKey) } }
        func input(_ name: String, _ label: TextKey, type: String = "text", autocomplete: String? = nil) -> FormControl {
            var control = FormControl(.input, name: name, label: strings[label], value: values[name] ?? "")
            control.type = type
            control.autocomplete = autocomplete
            control.maxlength = 200
            return control.described(error: error(name))
        }
        var controls = [
            input("name", .relayName, autocomplete: "name"), input("email", .relayEmail, type: "email", autocomplete: "email"),
            input("phone", .relayPhone, type: "tel", autocomplete: "tel"),
        ]
        if !found {
            var trait = FormControl(.textarea, name: "trait", label: strings[.relayTrait], value: values["trait"] ?? "")
            trait.maxlength = 300
            controls.append(trait.described(hint: strings[.relayTraitHint], error: error("trait")))
        }
        var message = FormControl(.textarea, name: "message", label: strings[.relayMessage], value: values["message"] ?? "")
        message.maxlength = 2000
        controls.append(message.described(error: error("message")))
        self.controls = controls
        errors = fieldErrors.map { ErrorSummaryItem(href: "#field-\($0.field)", message: strings.text($0.messageKey)) }
        hasErrors = !errors.isEmpty
        advice = [.adviceNeverPay, .adviceNoCodes, .advicePublicPlace, .adviceAskDetail].map { strings[$0] }
    }
}
