import Foundation

/// Step 3/3 of the Found flow: the finder's phone and e-mail (required), a reward (optional, up to 120
/// characters, as the subtitle "Add your contact information and potential reward" promises), a
/// caregiver's phone and the pet's current address (optional, kept on the device only)
/// (`ContactStepViewModel`, which the Missing flow's step shares); Continue submits the report.
@MainActor
public final class FoundPetContactDetailsViewModel: ContactStepViewModel {
    public let progress = ProgressIndicatorConfig.foundFlow(step: 3)
    /// Called with the management password once the report is sent.
    public var onReportSent: ((String) -> Void)? {
        get { onSent }
        set { onSent = newValue }
    }

    public init(
        flowState: FoundPetReportFlowState, submissionService: any AnnouncementSubmissionServiceProtocol,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        super.init(flowState: flowState, submissionService: submissionService, strings: strings)
        caregiver = flowState.caregiverPhoneNumber ?? ""
        address = flowState.currentPhysicalAddress ?? ""
    }

    /// Seed 004's order of the arguments.
    public convenience init(
        submissionService: any AnnouncementSubmissionServiceProtocol, flowState: FoundPetReportFlowState, strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.init(flowState: flowState, submissionService: submissionService, strings: strings)
    }

    public var caregiverPhone: String {
        get { caregiver }
        set { caregiver = newValue }
    }
    /// At most 500 characters; anything past them is cut off.
    public var currentAddress: String {
        get { address }
        set { currentAddressChanged(newValue) }
    }
    public var caregiverPhoneError: String? { caregiverError }
    public var isCaregiverPhoneValid: Bool { ContactFormRules(strings: strings).optionalPhoneError(caregiver) == nil }
    public var addressCharacterCount: Int { address.count }
    public var addressCharacterCountText: String {
        strings.format(.descriptionCharacterCount, address.count, ContactFormRules.maxAddressLength)
    }

    /// Typing the address (multi-line); capped at 500 characters.
    public func currentAddressChanged(_ text: String) {
        address = text.limited(to: ContactFormRules.maxAddressLength)
    }
}
