import Testing
@testable import PetSpotClient

@MainActor
@Suite struct MissingPetContactDetailsViewModelTests {
    let flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
    let service = FakeSubmissionService()

    func makeViewModel(phone: String = "+48 123 456 789", email: String = "owner@example.com") -> MissingPetContactDetailsViewModel {
        let viewModel = MissingPetContactDetailsViewModel(flowState: flow, submissionService: service)
        viewModel.phone = phone
        viewModel.email = email
        return viewModel
    }

    @Test(arguments: [
        ("1234567", true), ("12345678901", true), ("+48 123-456-78", true), ("123456", false),
        ("123456789012", false), ("", false), ("abcdefg", false),
    ])
    func phoneNeedsSevenToElevenDigits(phone: String, valid: Bool) async {
        let viewModel = makeViewModel(phone: phone)
        await viewModel.continueTapped()
        #expect((viewModel.phoneError == nil) == valid)
        if !valid { #expect(viewModel.phoneError == "Enter at least 7 digits") }
    }

    @Test(arguments: [
        ("owner@example.com", true), ("  Owner@Example.COM ", true), ("owner@example", false),
        ("ownerexample.com", false), ("", false), ("a@b.c", false),
    ])
    func emailMustLookLikeAnAddress(email: String, valid: Bool) async {
        let viewModel = makeViewModel(email: email)
        await viewModel.continueTapped()
        #expect((viewModel.emailError == nil) == valid)
        if !valid { #expect(viewModel.emailError == "Enter a valid email address") }
    }

    @Test func invalidFormIsNotSubmitted() async {
        let viewModel = makeViewModel(phone: "12")
        await viewModel.continueTapped()
        #expect(service.calls == 0)
        #expect(flow.contactDetails == nil)
    }

    @Test func validFormStoresDetailsSubmitsAndReportsThePassword() async {
        let viewModel = makeViewModel()
        viewModel.rewardChanged("A big bone")
        var password: String?
        viewModel.onReportSent = { password = $0 }
        await viewModel.continueTapped()
        #expect(password == "467432")
        #expect(
            service.sawContactDetails
                == OwnerContactDetails(
                    phone: "+48 123 456 789", email: "owner@example.com",
                    rewardDescription: "A big bone"))
        #expect(!viewModel.isSubmitting)
    }

    @Test func whileSubmittingTheFormIsBusyAndBackIsIgnored() async {
        let viewModel = makeViewModel()
        var wentBack = false
        var busy = false
        viewModel.onBack = { wentBack = true }
        service.duringSubmission = {
            busy = viewModel.isSubmitting
            viewModel.backTapped()
        }
        await viewModel.continueTapped()
        #expect(busy)
        #expect(!wentBack)
        #expect(!viewModel.isSubmitting)
    }

    @Test func emptyRewardIsStoredAsNilAndRewardIsCapped() async {
        let viewModel = makeViewModel()
        viewModel.rewardChanged(String(repeating: "x", count: 130))
        #expect(viewModel.rewardDescription.count == 120)
        viewModel.rewardChanged("")
        await viewModel.continueTapped()
        #expect(flow.contactDetails?.rewardDescription == nil)
    }

    @Test func networkFailureAndServerFailureReadDifferently() async {
        service.errors = [RepositoryError.network(description: "offline"), RepositoryError.http(status: 500, error: nil)]
        let viewModel = makeViewModel()
        await viewModel.continueTapped()
        #expect(viewModel.showAlert)
        #expect(viewModel.alertMessage == "Please check your network and try again.")
        await viewModel.tryAgainTapped()
        #expect(viewModel.alertMessage == "Please try again later.")
        #expect(viewModel.phone == "+48 123 456 789" && viewModel.email == "owner@example.com")
        #expect(viewModel.phoneError == nil && viewModel.emailError == nil)
    }

    @Test func tryAgainSubmitsAgainAndSucceeds() async {
        service.errors = [RepositoryError.http(status: 500, error: nil)]
        let viewModel = makeViewModel()
        var password: String?
        viewModel.onReportSent = { password = $0 }
        await viewModel.continueTapped()
        #expect(password == nil)
        await viewModel.tryAgainTapped()
        #expect(password == "467432")
        #expect(service.calls == 2)
        #expect(!viewModel.showAlert)
    }

    @Test func returningRestoresTheSavedDetails() {
        flow.contactDetails = OwnerContactDetails(phone: "1234567", email: "a@b.co", rewardDescription: "Cake")
        let viewModel = MissingPetContactDetailsViewModel(flowState: flow, submissionService: service)
        #expect(viewModel.phone == "1234567" && viewModel.email == "a@b.co" && viewModel.rewardDescription == "Cake")
        #expect(viewModel.progress.displayText == "4/4")
    }

    @Test func polishMessages() async {
        let viewModel = MissingPetContactDetailsViewModel(
            flowState: flow, submissionService: service,
            strings: LocalizedStrings(language: .polish))
        await viewModel.continueTapped()
        #expect(viewModel.phoneError == "Wpisz co najmniej 7 cyfr")
        #expect(viewModel.emailError == "Wpisz poprawny adres email")
    }
}

@MainActor
@Suite struct FoundPetContactDetailsViewModelTests {
    let flow = FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
    let service = FakeSubmissionService()

    func makeViewModel() -> FoundPetContactDetailsViewModel {
        let viewModel = FoundPetContactDetailsViewModel(flowState: flow, submissionService: service)
        viewModel.phone = "1234567"
        viewModel.email = "test@test.com"
        return viewModel
    }

    // "Optional, but if non-empty: 7-11 digits" (seed 000), `caregiverPhone.isEmpty` (seed 001): spaces are not empty.
    @Test(arguments: [("", true), ("   ", false), ("+48987654321", true), ("123", false), ("123456789012", false)])
    func caregiverPhoneIsCheckedOnlyWhenGiven(caregiver: String, valid: Bool) async {
        let viewModel = makeViewModel()
        viewModel.caregiverPhone = caregiver
        await viewModel.continueTapped()
        #expect((viewModel.caregiverPhoneError == nil) == valid)
        #expect(viewModel.isCaregiverPhoneValid == valid)
        #expect((service.calls == 1) == valid)
        if !valid { #expect(viewModel.caregiverPhoneError == "Enter at least 7 digits") }
    }

    @Test func addressIsMultiLineAndCappedAtFiveHundred() {
        let viewModel = makeViewModel()
        viewModel.currentAddressChanged("123 Main Street\nWarsaw\n" + String(repeating: "a", count: 600))
        #expect(viewModel.addressCharacterCount == 500)
        #expect(viewModel.currentAddress.hasPrefix("123 Main Street\nWarsaw\n"))
    }

    @Test func localOnlyFieldsStayInFlowState() async {
        let viewModel = makeViewModel()
        viewModel.caregiverPhone = "+48987654321"
        viewModel.currentAddressChanged("123 Main Street, Warsaw, Poland")
        var password: String?
        viewModel.onReportSent = { password = $0 }
        await viewModel.continueTapped()
        #expect(password == "467432")
        #expect(flow.caregiverPhoneNumber == "+48987654321")
        #expect(flow.currentPhysicalAddress == "123 Main Street, Warsaw, Poland")
        #expect(flow.contactDetails == OwnerContactDetails(phone: "1234567", email: "test@test.com", rewardDescription: nil))
    }

    @Test func aFinderMayOfferARewardCappedAt120() async {
        let viewModel = makeViewModel()
        viewModel.rewardChanged(String(repeating: "r", count: 130))
        #expect(viewModel.rewardDescription.count == 120)
        viewModel.rewardChanged("  Coffee ")
        await viewModel.continueTapped()
        // Kept as typed (seed 004: `rewardDescription.isEmpty ? nil : rewardDescription`); the server trims it.
        #expect(flow.contactDetails?.rewardDescription == "  Coffee ")
    }

    @Test func missingPhoneAndEmailAreReported() async {
        let viewModel = FoundPetContactDetailsViewModel(flowState: flow, submissionService: service)
        await viewModel.continueTapped()
        #expect(viewModel.phoneError == "Enter at least 7 digits")
        #expect(viewModel.emailError == "Enter a valid email address")
        #expect(service.calls == 0)
        #expect(viewModel.progress.displayText == "3/3")
    }
}
