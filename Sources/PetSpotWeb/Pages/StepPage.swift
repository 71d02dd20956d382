import Foundation
import PetSpotDomain
import PetSpotRoutes

/// One form step of a report flow: progress, heading, the step's controls, errors, Back, Continue, Cancel.
public struct StepPage: WebPage {
    public let templateName = "step"
    public let title: String
    public let t: [String: String]
    public let progress: String
    public let heading: String
    public let intro: [String]
    public let formAction: String
    /// Where Back submits: the same step, told to save and go back.
    public let backAction: String
    /// The language switch posts the step's form, so what was typed (or the photo chosen) is kept.
    public var languageFormAction: String? { formAction + (multipart ? "&" : "?") + "nav=language" }
    public let multipart: Bool
    public let csrf: String
    public let controls: [FormControl]
    public let coordinates: [FormControl]
    public let trailingControls: [FormControl]
    public let hasCoordinates: Bool
    public let photo: PhotoPreview?
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    public let generalError: String?
    /// The public page of the open report that already has the typed chip number.
    public let knownReportHref: String?
    public let showBack: Bool
    public let cancelAction: String
    public let removePhotoAction: String
    /// The pin to pick the place with, on the description step, when maps are on.
    public let map: MapView?

    /// The photo already kept with the draft.
    public struct PhotoPreview: Sendable {
        public let name: String
        public let size: String
        public let src: String
    }

    public init(
        flow: ReportFlow, step: ReportFlow.Step, draft: ReportDraft,
        errors fieldErrors: [FieldError] = [], knownReport: String? = nil, generalError: String? = nil, csrf: String,
        tiles: MapTiles? = nil, strings: Strings
    ) {
        let builder = StepControls(flow: flow, draft: draft, errors: fieldErrors, strings: strings, hasMap: tiles != nil)
        title = strings.text(flow.titleKey(step))
        t = strings.table
        progress = flow.progress(step) ?? ""
        (heading, intro) = Self.heading(flow: flow, step: step, strings: strings)
        multipart = step == .photo
        formAction = multipart ? WebRoute.step(flow, step).path + "?token=\(csrf)" : WebRoute.step(flow, step).path
        backAction = formAction + (multipart ? "&" : "?") + "nav=back"
        self.csrf = csrf
        (controls, coordinates, trailingControls) = builder.controls(for: step)
        hasCoordinates = !coordinates.isEmpty
        photo =
            step == .photo
            ? draft.photo.map {
                PhotoPreview(
                    name: $0.originalName, size: Self.fileSize($0.size, strings),
                    src: WebRoute.draftPhoto(flow).path)
            } : nil
        errors = fieldErrors.map { ErrorSummaryItem($0, strings: strings) }
        hasErrors = !errors.isEmpty || generalError != nil
        self.generalError = generalError
        knownReportHref = knownReport
        showBack = flow.previous(step) != nil
        cancelAction = WebRoute.cancel(flow).path
        removePhotoAction = WebRoute.removePhoto(flow).path
        map =
            step == .description
            ? tiles.map {
                MapView.pick($0, latitude: draft.form.latitude, longitude: draft.form.longitude, strings: strings)
            } : nil
    }

    /// Decimal sizes as the iOS app shows them: "840 KB", "1.4 MB" ("1,4 MB" in Polish).
    /// "512 B", "12.0 KB", "1.5 MB" (in 1024s, as the file pickers count).
    static func fileSize(_ bytes: Int, _ strings: Strings) -> String {
        switch bytes {
        case ..<1024: "\(bytes) B"
        case ..<(1024 * 1024): ReportText.oneDecimal(Double(bytes) / 1024, strings) + " KB"
        default: ReportText.oneDecimal(Double(bytes) / 1_048_576, strings) + " MB"
        }
    }

    static func heading(flow: ReportFlow, step: ReportFlow.Step, strings: Strings) -> (String, [String]) {
        switch (flow, step) {
        case (_, .microchip): return (strings[.chipHeading], [strings[.chipDescription]])
        case (.missing, .photo): return (strings[.photoHeading], [strings[.photoHelper]])
        case (.found, .photo): return (strings[.foundPhotoTitle], [strings[.foundPhotoBody]])
        case (.missing, .description): return (strings[.descriptionHeading], [strings[.descriptionSubheading]])
        case (.found, .description): return (strings[.foundDetailsTitle], [strings[.foundDetailsBody]])
        case (.found, .contact): return (strings[.contactHeading], [strings[.contactSubtitle], strings[.foundPrivateNote]])
        default: return (strings[.contactHeading], [strings[.contactSubtitle]])
        }
    }
}
