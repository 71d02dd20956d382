import Foundation
import Observation

/// Step 4/4 of the Missing flow: the owner's phone, e-mail and optional reward; Continue submits the
/// report and, on success, hands the management password to the coordinator.
@MainActor @Observable
public final class MissingPetContactDetailsViewModel {
    public var phone = ""
    public var email = ""
    /// Keep the phone and e-mail off the public report: people write through PetSpot (needs the e-mail).
    public var relayContact = false
    public private(set) var rewardDescription = ""
    /// Something only the owner knows (never shown publicly): finders who write are asked to describe
    /// the pet, and the owner compares.
    public private(set) var privateTrait = ""
    public private(set) var phoneError: String?
    public private(set) var emailError: String?
    public private(set) var isSubmitting = false
    public private(set) var alertMessage: String?
    public var showAlert = false
    public let progress = ProgressIndicatorConfig.missingFlow(step: 4)
    public let strings: LocalizedStrings
    @ObservationIgnored public var onReportSent: ((String) -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    private let flowState: MissingPetReportFlowState
    private let submissionService: any AnnouncementSubmissionServiceProtocol

    public init(flowState: MissingPetReportFlowState, submissionService: any AnnouncementSubmissionServiceProtocol,
                strings: LocalizedStrings = LocalizedStrings()) {
        self.flowState = flowState
        self.submissionService = submissionService
        self.strings = strings
        phone = flowState.contactDetails?.phone ?? ""
        email = flowState.contactDetails?.email ?? ""
        relayContact = flowState.contactDetails?.relayContact ?? false
        rewardDescription = flowState.contactDetails?.rewardDescription ?? ""
        privateTrait = flowState.contactDetails?.privateTrait ?? ""
    }

    public var isFormValid: Bool {
        let rules = ContactFormRules(strings: strings)
        return rules.phoneError(phone) == nil && rules.emailError(email) == nil
    }

    /// Typing the reward; capped at 120 characters.
    public func rewardChanged(_ text: String) {
        rewardDescription = String(text.prefix(ContactFormRules.maxRewardLength))
    }

    /// Typing the private trait; capped at 300 characters.
    public func privateTraitChanged(_ text: String) {
        privateTrait = String(text.prefix(ReportForm.limits[.privateTrait] ?? 300))
    }

    /// Continue: validate, store the contact details, submit.
    public func continueTapped() async {
        guard !isSubmitting else { return }
        let rules = ContactFormRules(strings: strings)
        phoneError = rules.phoneError(phone)
        emailError = rules.emailError(email)
        guard phoneError == nil, emailError == nil else { return }
        flowState.contactDetails = OwnerContactDetails(
            phone: phone, email: email, rewardDescription: rewardDescription.isEmpty ? nil : rewardDescription,
            privateTrait: CreateAnnouncementRequestBuilder.text(privateTrait), relayContact: relayContact)
        await submit()
    }

    /// "Try Again" in the failure alert: submit again (a report already created is reused).
    public func tryAgainTapped() async {
        showAlert = false
        await submit()
    }

    /// "Cancel" in the failure alert: stay on the form with everything kept.
    public func alertCancelTapped() {
        showAlert = false
        alertMessage = nil
    }

    public func backTapped() {
        guard !isSubmitting else { return }
        onBack?()
    }

    private func submit() async {
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            let password = try await submissionService.submitAnnouncement(flowState: flowState)
            alertMessage = nil
            onReportSent?(password)
        } catch {
            alertMessage = error.message(strings)
            showAlert = true
        }
    }
}
