import PetSpotDomain
import PetSpotRoutes

/// The alerts form: a new subscription, or an existing one opened from its e-mail's link
/// (then the address is fixed and an unsubscribe button follows).
public struct AlertPage: WebPage {
    public let templateName = "alerts"
    public let title: String
    public let t: [String: String]
    public let intro: String?
    public let formAction: String
    public let csrf: String
    public let leading: [FormControl]
    public let coordinates: [FormControl]
    public let trailing: [FormControl]
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    public let submitLabel: String
    /// The unsubscribe form's action, on an existing subscription's page.
    public let unsubscribeAction: String?
    public let notice: String?

    /// The form's fields as the rules read them (species: one, or none for all).
    public static func form(_ values: [String: String]) -> AlertForm {
        AlertForm(
            email: values["email"] ?? "", latitude: values["latitude"] ?? "", longitude: values["longitude"] ?? "",
            radiusKm: values["radiusKm"] ?? "5", kinds: values["kinds"] ?? "", species: [values["species"] ?? ""].filter { !$0.isEmpty },
            frequency: values["frequency"] ?? "")
    }

    /// The values of an existing subscription, to fill the form with.
    public static func values(of subscription: AlertSubscription) -> [String: String] {
        [
            "email": subscription.email, "place": subscription.placeName ?? "", "latitude": String(subscription.center.latitude),
            "longitude": String(subscription.center.longitude),
            "radiusKm": ReportText.kilometres(subscription.radiusKm),
            "kinds": subscription.statuses.count == 2 ? "BOTH" : subscription.statusesText,
            "species": subscription.species?.count == 1 ? subscription.species!.first!.rawValue : "", "frequency": subscription.frequency.rawValue,
        ]
    }

    /// - Parameter existing: the subscription's action (with its token) when it is being changed; nil for a new one.
    public init(
        values: [String: String], errors fieldErrors: [FieldError] = [], existing: (action: String, unsubscribe: String)? = nil,
        notice: String? = nil, csrf: String, strings: Strings
    ) {
        title = strings.text(existing == nil ? "alertsTitle" : "alertManageTitle")
        t = strings.table
        intro = existing == nil ? strings[.alertsIntro] : nil
        formAction = existing?.action ?? WebRoute.alerts.path
        unsubscribeAction = existing?.unsubscribe
        self.notice = notice
        self.csrf = csrf
        submitLabel = strings.text(existing == nil ? "alertSubscribe" : "alertSave")
        func error(_ name: String) -> String? { fieldErrors.message(for: name, strings) }
        func value(_ name: String) -> String { values[name] ?? "" }
        var email = FormControl(.input, name: "email", label: strings[.alertEmail], value: value("email"))
        email.type = "email"
        email.autocomplete = "email"
        let place = PlaceControls(label: strings[.alertPlace], strings: strings, value: value, error: error)
        let radius = FormControl(.select, name: "radiusKm", label: strings[.alertRadius], value: values["radiusKm"] ?? "5")
            .choosing(AlertSubscription.radii.map { km in (String(Int(km)), "\(Int(km)) km") })
        leading =
            (existing == nil ? [email.described(hint: strings[.alertEmailHint], error: error("email"))] : [])
            + [place.place, radius.described(error: error("radiusKm"))]
        coordinates = place.coordinates
        let kinds = FormControl(.radios, name: "kinds", label: strings[.alertKinds], value: values["kinds"].flatMap { $0.isEmpty ? nil : $0 } ?? "BOTH")
            .choosing([("BOTH", strings[.alertKindsBoth]), ("MISSING", strings[.alertKindsMissing]), ("FOUND", strings[.alertKindsFound])])
        let species = FormControl(.select, name: "species", label: strings[.alertSpecies], value: value("species"))
            .choosing([("", strings[.speciesAll])] + AnimalSpecies.allCases.map { ($0.rawValue, strings.text("species" + $0.rawValue.capitalized)) })
        let frequency = FormControl(
            .radios, name: "frequency", label: strings[.alertFrequency],
            value: values["frequency"].flatMap { $0.isEmpty ? nil : $0 } ?? "INSTANT"
        )
        .choosing([("INSTANT", strings[.alertFrequencyInstant]), ("DAILY", strings[.alertFrequencyDaily])])
        trailing = [
            kinds.described(error: error("kinds")), species.described(error: error("species")),
            frequency.described(error: error("frequency")),
        ]
        errors = fieldErrors.map { ErrorSummaryItem($0, strings: strings) }
        hasErrors = !errors.isEmpty
    }
}

/// A question before a change made from an e-mail's link (confirm the alerts, unsubscribe): a GET never
/// changes anything, so mail scanners that open links change nothing.
public struct AlertActionPage: WebPage {
    public let templateName = "alertaction"
    public let title: String
    public let body: String?
    public let t: [String: String]
    public let formAction: String
    public let csrf: String
    public let button: String
    public let danger: Bool

    public init(titleKey: TextKey, bodyKey: TextKey?, buttonKey: TextKey, action: String, danger: Bool = false, csrf: String, strings: Strings) {
        self.init(titleKey: titleKey, body: bodyKey.map { strings[$0] }, buttonKey: buttonKey, action: action, danger: danger, csrf: csrf, strings: strings)
    }

    /// The confirmation's question: what is confirmed (the address, the area), and the button.
    public init(confirming subscription: AlertSubscription, action: String, csrf: String, strings: Strings) {
        let body = strings[.alertConfirmBody].replacingOccurrences(of: "{email}", with: subscription.email)
            .replacingOccurrences(of: "{area}", with: ReportMail.area(subscription, strings))
        self.init(titleKey: .alertConfirmTitle, body: body, buttonKey: .alertConfirmButton, action: action, danger: false, csrf: csrf, strings: strings)
    }

    init(titleKey: TextKey, body: String?, buttonKey: TextKey, action: String, danger: Bool, csrf: String, strings: Strings) {
        title = strings[titleKey]
        self.body = body
        t = strings.table
        formAction = action
        self.csrf = csrf
        button = strings[buttonKey]
        self.danger = danger
    }
}

extension AlertPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "intro": .text(intro)
        case "formAction": .text(formAction)
        case "csrf": .text(csrf)
        case "leading": .objects(leading)
        case "coordinates": .objects(coordinates)
        case "trailing": .objects(trailing)
        case "errors": .objects(errors)
        case "hasErrors": .flag(hasErrors)
        case "submitLabel": .text(submitLabel)
        case "unsubscribeAction": .text(unsubscribeAction)
        case "notice": .text(notice)
        default: nil
        }
    }
}

extension AlertActionPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "body": .text(body)
        case "formAction": .text(formAction)
        case "csrf": .text(csrf)
        case "button": .text(button)
        case "danger": .flag(danger)
        default: nil
        }
    }
}
