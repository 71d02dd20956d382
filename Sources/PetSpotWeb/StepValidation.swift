import Foundation
import PetSpotDomain
import PetSpotRoutes

/// A rejected field: its name and the key of the message shown next to it.
public struct FieldError: Sendable, Equatable {
    public var field: String
    public var messageKey: String

    public init(_ field: String, _ messageKey: String) {
        self.field = field
        self.messageKey = messageKey
    }

    public init(_ problem: ReportFormProblem) {
        self.init(problem.field.rawValue, problem.reason.rawValue)
    }
}

extension [FieldError] {
    /// The text of the first error found in field `name`, as a form shows it under the field.
    func message(for name: String, _ strings: Strings) -> String? {
        first { $0.field == name }.map { strings.text($0.messageKey) }
    }
}

/// A web step of a report flow, read into the draft's form with the form's own rules.
public enum StepValidation {
    /// The form step a web step fills (none for the photo and the outcome).
    public static func formStep(_ step: ReportFlow.Step) -> ReportForm.Step? {
        switch step {
        case .microchip: .microchip
        case .description: .description
        case .contact: .contact
        case .photo, .created: nil
        }
    }

    /// Takes the step's fields from a submitted web form into `draft` and returns its errors, all at once;
    /// "today" is the device's when its page sent its time zone (`tzOffset`).
    public static func take(
        _ step: ReportFlow.Step, from submitted: [String: String], into draft: inout ReportDraft,
        now: Date = Date()
    ) -> [FieldError] {
        guard let formStep = formStep(step) else { return [] }
        draft.form.take(formStep, from: submitted)
        return draft.form.problems(in: formStep, now: now, zone: ReportDate.deviceZone(submitted["tzOffset"])).map(FieldError.init)
    }

    /// The coordinate rules of the forms, for a pair typed anywhere (the list's "near" filter too).
    public static func coordinateErrors(_ latitude: String, _ longitude: String) -> [FieldError] {
        [
            ("latitude", ReportForm.coordinateProblem(latitude, latitude: true)),
            ("longitude", ReportForm.coordinateProblem(longitude, latitude: false)),
        ]
        .compactMap { name, reason in reason.map { FieldError(name, $0.rawValue) } }
    }
}
