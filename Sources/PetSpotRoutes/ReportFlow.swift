import PetSpotDomain

/// The two report flows and their steps, in the order the iOS app shows them.
public enum ReportFlow: String, Sendable, Codable, CaseIterable {
    case missing, found

    /// One screen of a flow. `created` is the outcome, reached only by sending the report.
    public enum Step: String, Sendable, Codable, CaseIterable {
        case microchip, photo, description, contact, created
    }

    /// The form steps, without the outcome.
    public var steps: [Step] {
        self == .missing ? [.microchip, .photo, .description, .contact] : [.photo, .description, .contact]
    }

    /// The path segment of a step; the found flow calls its description step "details".
    public func slug(_ step: Step) -> String {
        self == .found && step == .description ? "details" : step.rawValue
    }

    /// The step a path segment names in this flow, or one of the old web app's names for it
    /// (`/report-missing/details`, `/report-missing/summary`), which lead to the step's own address.
    public func step(slug: String) -> Step? {
        (steps + [.created]).first { self.slug($0) == slug } ?? ["details": .description, "summary": .created][slug]
    }

    /// The path prefix of the flow.
    public var basePath: String { self == .missing ? "/report-missing" : "/report-found" }

    /// The kind of report the flow files.
    public var kind: ReportForm.Kind { self == .missing ? .missing : .found }

    /// "2/4"-style progress of a form step; nil for the outcome.
    public func progress(_ step: Step) -> String? {
        steps.firstIndex(of: step).map { "\($0 + 1)/\(steps.count)" }
    }

    /// The step before `step`, if any.
    public func previous(_ step: Step) -> Step? {
        guard let index = steps.firstIndex(of: step), index > 0 else { return nil }
        return steps[index - 1]
    }

    /// The key of the screen title of a step.
    public func titleKey(_ step: Step) -> String {
        switch (self, step) {
        case (_, .created): return "createdTitle"
        case (.missing, .microchip): return "missingChipTitle"
        case (.missing, .photo): return "missingPhotoTitle"
        case (.missing, .description): return "missingDescriptionTitle"
        case (.missing, _): return "missingContactTitle"
        case (.found, .photo): return "foundPhotoTitle"
        case (.found, .description): return "foundDetailsTitle"
        case (.found, _): return "foundContactTitle"
        }
    }
}
