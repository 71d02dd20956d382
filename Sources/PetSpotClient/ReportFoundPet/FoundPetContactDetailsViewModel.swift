import Foundation
import Observation

/// Step 3/3 of the Found flow: the finder's phone and e-mail (required), a reward (optional, up to 120
/// characters, as the subtitle "Add your contact information and potential reward" promises), a
/// caregiver's phone and the pet's current address (optional, kept on the device only); Continue
/// submits the report.
@MainActor @Observable
public final class FoundPetContactDetailsViewModel {
    public var phone = ""
    public var email = ""
    /// Keep the phone and e-mail off the public report: people write through PetSpot (needs the e-mail).
    public var relayContact = false
    public private(set) var rewardDescription = ""
    public var caregiverPhone = ""
    public private(set) var currentAddress = ""
    public private(set) var phoneError: String?
    public private(set) var emailError: String?
    public private(set) var caregiverPhoneError: String?
    public private(set) var isSubmitting = false
    public private(set) var alertMessage: String?
    public var showAlert = false
    public let progress = ProgressIndicatorConfig.foundFlow(step: 3)
    public let strings: LocalizedStrings
    @ObservationIgnored public var onReportSent: ((String) async -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    private let flowState: FoundPetReportFlowState
    private let submissionService: any AnnouncementSubmissionServiceProtocol

    public init(flowState: FoundPetReportFlowState, submissionService: any AnnouncementSubmissionServiceProtocol,
                strings: LocalizedStrings = LocalizedStrings()) {
        self.flowState = flowState
        self.submissionService = submissionService
        self.strings = strings
        phone = flowState.contactDetails?.phone ?? ""
        email = flowState.contactDetails?.email ?? ""
        relayContact = flowState.contactDetails?.relayContact ?? false
        rewardDescription = flowState.contactDetails?.rewardDescription ?? ""
        caregiverPhone = flowState.caregiverPhoneNumber ?? ""
        currentAddress = flowState.currentPhysicalAddress ?? ""
    }

    public var isCaregiverPhoneValid: Bool { ContactFormRules(strings: strings).optionalPhoneError(caregiverPhone) == nil }
    public var addressCharacterCount: Int { currentAddress.count }
    public var addressCharacterCountText: String {
        strings.format(.descriptionCharacterCount, currentAddress.count, ContactFormRules.maxAddressLength)
    }

    /// Typing the reward; anything past 120 characters is cut off.
    public func rewardChanged(_ text: String) {
        rewardDescription = String(text.prefix(ContactFormRules.maxRewardLength))
    }

    /// Typing the address (multi-line); capped at 500 characters.
    public func currentAddressChanged(_ text: String) {
        currentAddress = String(text.prefix(ContactFormRules.maxAddressLength))
    }

    /// Continue: validate, store the details (caregiver phone and address locally only), submit.
    public func continueTapped() async {
        guard !isSubmitting else { return }
        let rules = ContactFormRules(strings: strings)
        phoneError = rules.phoneError(phone)
        emailError = rules.emailError(email)
        caregiverPhoneError = rules.optionalPhoneError(caregiverPhone)
        guard phoneError == nil, emailError == nil, caregiverPhoneError == nil else { return }
        flowState.contactDetails = OwnerContactDetails(phone: phone, email: email,
                                                       rewardDescription: CreateAnnouncementRequestBuilder.text(rewardDescription),
                                                       relayContact: relayContact)
        flowState.caregiverPhoneNumber = CreateAnnouncementRequestBuilder.text(caregiverPhone)
        flowState.currentPhysicalAddress = currentAddress.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : currentAddress
        await submit()
    }

    public func tryAgainTapped() async {
        showAlert = false
        await submit()
    }

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
            await onReportSent?(password)
        } catch {
            alertMessage = error.message(strings)
            showAlert = true
        }
    }
}
