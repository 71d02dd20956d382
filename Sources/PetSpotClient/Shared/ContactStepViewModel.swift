import Foundation
import Observation

/// The contact step both flows share (Missing 4/4, Found 3/3), written once: phone and e-mail
/// (required), a reward, whether to keep them private, the submission with its failure alert, Try Again
/// and Back. What only one flow asks for is kept here too, so that it is observed, and shown by that
/// flow's view model: the Missing owner's private trait, the Found flow's caregiver phone and address
/// (kept on the device).
@MainActor @Observable
public class ContactStepViewModel {
    public var phone = ""
    public var email = ""
    /// Keep the phone and e-mail off the public report: people write through PetSpot (needs the e-mail).
    public var relayContact = false
    /// At most 120 characters; anything past them is cut off.
    public var rewardDescription: String {
        get { reward }
        set { reward = newValue.limited(to: ContactFormRules.maxRewardLength) }
    }
    private var reward = ""
    public var phoneError: String?
    public var emailError: String?
    public var isSubmitting = false
    public var alertMessage: String?
    public var showAlert = false
    public let strings: LocalizedStrings
    @ObservationIgnored public var onBack: (() -> Void)?
    /// Seed 002's step-4 "Continue" callback: called once the report is sent, after the flow's own
    /// `onReportSent` (seed 004), for a coordinator written to seed 002. Wire one of the two to move on.
    @ObservationIgnored public var onNext: (() -> Void)?
    @ObservationIgnored var onSent: ((String) -> Void)?
    var trait = ""
    var caregiver = ""
    var address = ""
    var caregiverError: String?
    let flowState: any PetReportFlowStateProtocol
    private let submissionService: any AnnouncementSubmissionServiceProtocol

    init(flowState: any PetReportFlowStateProtocol, submissionService: any AnnouncementSubmissionServiceProtocol, strings: LocalizedStrings) {
        self.flowState = flowState
        self.submissionService = submissionService
        self.strings = strings
        phone = flowState.contactDetails?.phone ?? ""
        email = flowState.contactDetails?.email ?? ""
        relayContact = flowState.contactDetails?.relayContact ?? false
        reward = flowState.contactDetails?.rewardDescription ?? ""
        trait = flowState.contactDetails?.privateTrait ?? ""
    }

    public var isFormValid: Bool {
        let rules = ContactFormRules(strings: strings)
        return rules.phoneError(phone) == nil && rules.emailError(email) == nil
    }

    /// Typing the reward; anything past 120 characters is cut off.
    public func rewardChanged(_ text: String) {
        rewardDescription = text
    }

    /// Continue: validate (every field's error at once, as seed 000's table and the reference app show
    /// them), store the contact details as typed (the Found flow's caregiver details on the device only),
    /// submit.
    public func continueTapped() async {
        guard !isSubmitting else { return }
        let rules = ContactFormRules(strings: strings)
        phoneError = rules.phoneError(phone)
        emailError = rules.emailError(email)
        let found = flowState.status == .found
        caregiverError = found ? rules.optionalPhoneError(caregiver) : nil
        guard phoneError == nil, emailError == nil, caregiverError == nil else { return }
        flowState.contactDetails = OwnerContactDetails(
            phone: phone, email: email, rewardDescription: rewardDescription.isEmpty ? nil : rewardDescription,
            privateTrait: found ? nil : CreateAnnouncementRequestBuilder.text(trait), relayContact: relayContact)
        if let state = flowState as? FoundPetReportFlowState {
            state.caregiverPhoneNumber = CreateAnnouncementRequestBuilder.text(caregiver)
            state.currentPhysicalAddress = address.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : address
        }
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
            onSent?(password)
            onNext?()
        } catch {
            alertMessage = SubmissionError.message(for: error, strings)
            showAlert = true
        }
    }
}
