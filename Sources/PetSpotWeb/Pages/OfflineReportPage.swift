import Foundation
import PetSpotDomain
import PetSpotRoutes

/// A whole report flow on one page: every step's controls, the photo included, in one form. The service
/// worker keeps it on the phone, so a report can be filled in without signal; the page's script keeps
/// it in the phone's queue and sends it when there is a connection. Without JavaScript it posts as a
/// plain form and answers the outcome page.
public struct OfflineReportPage: WebPage {
    public let templateName = "offline"
    public let title: String
    public let t: [String: String]
    public let intro: String
    public let formAction: String
    public let flow: String
    public let sections: [Section]
    /// The problems of a form sent without JavaScript, summed up above it as on every other form.
    public let errors: [ErrorSummaryItem]

    /// One step's part of the form.
    public struct Section: Sendable, TemplateContext {
        public let heading: String
        public let controls: [FormControl]
        public let coordinates: [FormControl]
        public let trailingControls: [FormControl]

        public func value(named name: String) -> TemplateValue? {
            switch name {
            case "heading": .text(heading)
            case "controls": .objects(controls)
            case "coordinates": .objects(coordinates)
            case "trailingControls": .objects(trailingControls)
            case "hasCoordinates": .flag(!coordinates.isEmpty)
            default: nil
            }
        }
    }

    public init(flow: ReportFlow, draft: ReportDraft? = nil, errors: [FieldError] = [], strings: Strings) {
        let draft = draft ?? ReportDraft(flow: flow)
        let builder = StepControls(flow: flow, draft: draft, errors: errors, strings: strings)
        title = strings[flow == .missing ? .offlineMissingTitle : .offlineFoundTitle]
        t = strings.table
        intro = strings[.offlineIntro]
        formAction = WebRoute.sendReport(flow).path
        self.flow = flow.rawValue
        self.errors = errors.map { ErrorSummaryItem($0, strings: strings) }
        sections = flow.steps.enumerated().map { index, step in
            let (controls, coordinates, trailing) = builder.controls(for: step)
            let heading = StepPage.heading(flow: flow, step: step, strings: strings).0
            let required = Self.required(step, of: flow)
            return Section(
                heading: strings[.offlineSection].replacingOccurrences(of: "%@", with: "\(index + 1)") + ": " + heading,
                controls: controls.map { $0.required(if: required) }, coordinates: coordinates,
                trailingControls: trailing.map { $0.required(if: required) })
        }
    }

    /// The fields the phone can tell are missing before the wait: those the step refuses empty (the place
    /// may be a name or a point, so neither alone), and the photo.
    static func required(_ step: ReportFlow.Step, of flow: ReportFlow) -> Set<String> {
        guard let formStep = StepValidation.formStep(step) else { return step == .photo ? ["photo"] : [] }
        let refused = ReportForm(kind: flow.kind).problems(in: formStep).map(\.field)
        return Set(refused.filter { $0 != .latitude && $0 != .longitude }.map(\.rawValue))
    }
}

extension OfflineReportPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "intro": .text(intro)
        case "formAction": .text(formAction)
        case "flow": .text(flow)
        case "sections": .objects(sections)
        case "errors": .objects(errors)
        case "hasErrors": .flag(!errors.isEmpty)
        default: nil
        }
    }
}
