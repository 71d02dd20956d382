import PetSpotDomain
import PetSpotRoutes

/// "Send a message to the owner (or the finder)": PetSpot e-mails it to the reporter with the sender's
/// address as Reply-To, so nobody's address is published. For a missing pet the sender is asked what
/// identifies it, which the owner checks against what only they know. Scam-aware advice on the page.
public struct RelayPage: WebPage {
    public let templateName = "relay"
    public let frame: QueuedFormFrame
    public let t: [String: String]
    public let controls: [FormControl]
    public var title: String { frame.title }

    public static let fields = ["name", "email", "phone", "trait", "message"]

    public init(
        _ report: Announcement, values: [String: String] = [:], errors fieldErrors: [FieldError] = [], csrf: String,
        strings: Strings
    ) {
        let found = report.status == .found
        let frame = QueuedFormFrame(
            report, title: strings.text(found ? "relayTitleFinder" : "relayTitleOwner"), formAction: WebRoute.relay(id: report.id.rawValue).path,
            sendAction: WebRoute.relaySend(id: report.id.rawValue).path, csrf: csrf, errors: fieldErrors,
            advice: [.adviceNeverPay, .adviceNoCodes, .advicePublicPlace, .adviceAskDetail], strings: strings)
        self.frame = frame
        t = strings.table
        let error = frame.error
        func input(_ name: String, _ label: TextKey, type: String = "text", autocomplete: String? = nil) -> FormControl {
            var control = FormControl(.input, name: name, label: strings[label], value: values[name] ?? "")
            control.type = type
            control.autocomplete = autocomplete
            control.maxlength = RelayMessageForm.limits[name]
            return control.described(error: error(name))
        }
        var controls = [
            input("name", .relayName, autocomplete: "name"), input("email", .relayEmail, type: "email", autocomplete: "email"),
            input("phone", .relayPhone, type: "tel", autocomplete: "tel"),
        ]
        if !found {
            var trait = FormControl(.textarea, name: "trait", label: strings[.relayTrait], value: values["trait"] ?? "")
            trait.maxlength = RelayMessageForm.limits["trait"]
            controls.append(trait.described(hint: strings[.relayTraitHint], error: error("trait")))
        }
        var message = FormControl(.textarea, name: "message", label: strings[.relayMessage], value: values["message"] ?? "")
        message.maxlength = RelayMessageForm.limits["message"]
        controls.append(message.described(error: error("message")))
        self.controls = controls
    }
}
