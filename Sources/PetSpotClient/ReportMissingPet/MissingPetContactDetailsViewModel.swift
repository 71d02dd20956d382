import Foundation

/// Step 4/4 of the Missing flow: the owner's phone, e-mail, optional reward and private trait
/// (`ContactStepViewModel`, which the Found flow's step shares); Continue submits the report and, on
/// success, hands the management password to the coordinator.
@MainActor
public final class MissingPetContactDetailsViewModel: ContactStepViewModel {
    public let progress = ProgressIndicatorConfig.missingFlow(step: 4)
    /// Called with the management password once the report is sent.
    public var onReportSent: ((String) -> Void)? {
        didSet { onSent = onReportSent }
    }

    public init(
        flowState: MissingPetReportFlowState, submissionService: any AnnouncementSubmissionServiceProtocol,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        super.init(flowState: flowState, submissionService: submissionService, strings: strings)
    }

    /// Seed 004's order of the arguments.
    public convenience init(
        submissionService: any AnnouncementSubmissionServiceProtocol, flowState: MissingPetReportFlowState, strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.init(flowState: flowState, submissionService: submissionService, strings: strings)
    }

    /// Something only the owner knows (never shown publicly): finders who write are asked to describe
    /// the pet, and the owner compares.
    public var privateTrait: String { trait }

    /// Typing the private trait; capped at 300 characters.
    public func privateTraitChanged(_ text: String) {
        trait = text.limited(to: FieldLimit.privateTrait)
    }
}
