import PetSpotDomain
import PetSpotRoutes

/// The owner's edit form: every text the API's PATCH takes, and the photo, behind the grant a right
/// code earned. The limits are the forms' (`FieldLimit`), shorter than or equal to the API's.
public struct EditPage: WebPage {
    public let templateName = "edit"
    public let title: String
    public let t: [String: String]
    public let card: ReportCard
    public let formAction: String
    /// Where the form goes: the owner's `save`.
    public let saveAction: String
    public let photoAction: String
    public let csrf: String
    public let grant: String
    public let fields: [FormControl]
    public let photo: FormControl
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    /// The language switch posts what was typed to the edit page again, which shows it in the other language.
    public let languageFormAction: String?

    /// The texts an owner may change, with the forms' length limits (those the report was filed with).
    public static let editable: [(name: String, labelKey: String, limit: Int)] =
        PetText.allCases.map { ($0.rawValue, $0.webKey(.details), $0.formLimit) } + [("reward", "reward", FieldLimit.reward)]

    /// - Parameters:
    ///   - values: the texts to show (the report's, or what was sent when it failed).
    ///   - errors: each field with a problem and the message shown for it.
    /// The report's editable texts as the form shows them (an empty text for none).
    public static func values(of report: Announcement) -> [String: String] {
        Dictionary(uniqueKeysWithValues: PetText.allCases.map { ($0.rawValue, report.pet[keyPath: $0.keyPath] ?? "") })
            .merging(["reward": report.reward ?? ""]) { a, _ in a }
    }

    /// True when `form` changes one of the report's editable texts (a browser's line breaks and white space
    /// at the ends aside).
    public static func changes(_ report: Announcement, _ form: [String: String]) -> Bool {
        let current = values(of: report)
        func plain(_ text: String) -> String { text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines) }
        return editable.contains { field in form[field.name].map { plain($0) != plain(current[field.name] ?? "") } ?? false }
    }

    public init(
        _ report: Announcement, values: [String: String]? = nil, errors fieldErrors: [(field: String, message: String)] = [],
        grant: String, csrf: String, strings: Strings
    ) {
        func error(_ name: String) -> String? { fieldErrors.first { $0.field == name }?.message }
        title = strings[.editTitle]
        t = strings.table
        card = ReportCard(report, strings: strings)
        formAction = WebRoute.manage(id: report.id.rawValue).path
        saveAction = WebRoute.ownerAction(id: report.id.rawValue, .save).path
        languageFormAction = WebRoute.ownerAction(id: report.id.rawValue, .edit).path + "?nav=language"
        photoAction = WebRoute.managePhoto(id: report.id.rawValue, token: csrf, grant: grant).path
        self.csrf = csrf
        self.grant = grant
        let current = Self.values(of: report)
        fields = Self.editable.map { field in
            var control = FormControl(
                field.name == "description" ? .textarea : .input, name: field.name,
                label: strings.text(field.labelKey), value: values?[field.name] ?? current[field.name] ?? "")
            control.maxlength = field.limit
            return control.described(error: error(field.name))
        }
        var photo = FormControl(.input, name: "photo", label: strings[.photoLabel], value: "")
        photo.type = "file"
        photo.accept = "image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,image/bmp,image/tiff"
        self.photo = photo.described(hint: strings[.photoHint], error: error("photo"))
        errors = fieldErrors.map { ErrorSummaryItem(href: "#field-\($0.field)", message: $0.message) }
        hasErrors = !errors.isEmpty
    }
}
