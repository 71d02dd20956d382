import PetSpotDomain
/// One labelled form control as the `control` partial draws it: an input, text area, select or radio
/// group, with its hint and error tied to it by `aria-describedby`.
public struct FormControl: Sendable {
    /// The kinds of control the partial knows.
    public enum Kind: Sendable { case input, textarea, select, radios }

    public var id: String
    public var name: String
    public var label: String
    public var value: String
    public var isInput = false, isTextarea = false, isSelect = false, isRadios = false
    public var type = "text"
    public var inputmode: String?
    public var placeholder: String?
    public var maxlength: Int?
    public var max: String?
    public var autocomplete: String?
    public var accept: String?
    public var microchip = false
    /// A date the server filled with its own today: the page's script puts the device's today in it.
    public var today = false
    /// The browser refuses the form while it is empty (only where a script keeps the form without signal:
    /// elsewhere the server's messages say what is missing).
    public var required = false
    /// The id of a `<datalist>` of suggestions (filled by the page's script from the place search).
    public var datalist: String?
    public var hint: String?
    public var hintID: String?
    public var error: String?
    public var errorID: String?
    public var describedBy: String?
    public var options: [Option] = []

    /// A choice of a select or radio group.
    public struct Option: Sendable {
        public var value: String
        public var label: String
        public var selected: Bool
        public var id: String
    }

    public init(_ kind: Kind, name: String, label: String, value: String) {
        id = "field-\(name)"
        self.name = name
        self.label = label
        self.value = value
        switch kind {
        case .input: isInput = true
        case .textarea: isTextarea = true
        case .select: isSelect = true
        case .radios: isRadios = true
        }
    }

    /// This control, required when its name is among `names`.
    public func required(if names: Set<String>) -> FormControl {
        var copy = self
        copy.required = names.contains(name)
        return copy
    }

    /// Sets the hint and error text and the ids that point at them.
    public func described(hint: String? = nil, error: String?) -> FormControl {
        var copy = self
        copy.hint = hint
        copy.hintID = hint == nil ? nil : "\(id)-hint"
        copy.error = error
        copy.errorID = error == nil ? nil : "\(id)-error"
        let ids = [copy.hintID, copy.errorID].compactMap { $0 }
        copy.describedBy = ids.isEmpty ? nil : ids.joined(separator: " ")
        return copy
    }

    /// The choices, with the one matching `value` selected.
    public func choosing(_ choices: [(String, String)]) -> FormControl {
        var copy = self
        copy.options = choices.map { Option(value: $0.0, label: $0.1, selected: $0.0 == value, id: "\(id)-\($0.0.lowercased())") }
        return copy
    }
}

/// A line of the error summary at the top of a form: the message and a link to its field.
public struct ErrorSummaryItem: Sendable {
    public var href: String
    public var message: String

    public init(href: String, message: String) {
        self.href = href
        self.message = message
    }

    /// A field's problem, linking to its control (`#field-<name>`).
    public init(_ error: FieldError, strings: Strings) {
        self.init(href: "#field-\(error.field)", message: strings.text(error.messageKey))
    }
}

/// The "where" of a form, written once for the report's details step, the sighting form and the alerts
/// form: a place box with the gazetteer's suggestions, and the coordinates the place fills in (or the
/// map's click, the device's location, or the person types).
struct PlaceControls {
    var place: FormControl
    var coordinates: [FormControl]

    /// `value` and `error` read the form's values and problems by field name.
    init(
        label: String, strings: Strings, value: (String) -> String, error: (String) -> String?, hint: String? = nil,
        coordinatePlaceholders: Bool = false
    ) {
        var place = FormControl(.input, name: "place", label: label, value: value("place"))
        place.autocomplete = "off"
        place.datalist = "place-suggestions"
        place.placeholder = strings[.placePlaceholder]
        place.maxlength = ReportForm.limits[.place]
        self.place = place.described(hint: hint, error: error("place"))
        coordinates = [("latitude", TextKey.latitude, TextKey.latitudePlaceholder), ("longitude", .longitude, .longitudePlaceholder)]
            .map { name, label, placeholder in
                var control = FormControl(.input, name: name, label: strings[label], value: value(name))
                control.inputmode = "decimal"
                if coordinatePlaceholders { control.placeholder = strings[placeholder] }
                return control.described(error: error(name))
            }
    }
}
