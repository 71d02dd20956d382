import Foundation
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct MissingPetReportCoordinatorTests {
    let service = FakeSubmissionService()
    let directory = Fixtures.temporaryDirectory()
    let clipboard = RecordingClipboard()

    func makeCoordinator() -> MissingPetReportCoordinator {
        MissingPetReportCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: service, photoCacheDirectory: directory, clipboard: clipboard,
                makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
    }

    @Test func startShowsTheMicrochipStep() {
        let coordinator = makeCoordinator()
        coordinator.start()
        #expect(coordinator.isPresented)
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.chipNumberViewModel != nil)
        #expect(coordinator.progressIndicator(for: nil)?.displayText == "1/4")
    }

    @Test func continueButtonsWalkTheStepsInOrder() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.chipNumberViewModel?.continueTapped()
        #expect(coordinator.path == [.photo])
        let photo = try #require(coordinator.photoViewModel)
        await photo.photoPicked(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        photo.continueTapped()
        #expect(coordinator.path == [.photo, .animalDescription])
        #expect(coordinator.progressIndicator(for: coordinator.path.last)?.displayText == "3/4")
        await coordinator.exitFlow()
    }

    @Test func backKeepsWhatWasEntered() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.chipNumberViewModel?.chipNumberChanged("123456")
        coordinator.chipNumberViewModel?.continueTapped()
        let photo = try #require(coordinator.photoViewModel)
        photo.backTapped()
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.photoViewModel == nil)
        #expect(coordinator.flowState.chipNumber == "123456")
        #expect(coordinator.chipNumberViewModel?.chipNumber == "12345-6")
        #expect(coordinator.isPresented)
    }

    @Test func exitFromTheFirstStepClearsEverything() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.chipNumberViewModel?.chipNumberChanged("123")
        coordinator.chipNumberViewModel?.continueTapped()
        await coordinator.photoViewModel?.photoPicked(PhotoSelection(data: Fixtures.png, fileName: "p.png"))
        coordinator.goBack()
        coordinator.chipNumberViewModel?.backTapped()
        #expect(!coordinator.isPresented)
        #expect(coordinator.flowState.chipNumber == nil)
        #expect(coordinator.flowState.photoAttachment == nil)
        await coordinator.clearing?.value
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    @Test func sentReportShowsTheSummaryWhichClosesTheFlow() async throws {
        let coordinator = makeCoordinator()
        var refreshed = false
        coordinator.onReportSent = { refreshed = true }
        coordinator.start()
        coordinator.navigateToPhoto()
        coordinator.navigateToDescription()
        coordinator.navigateToContactDetails()
        let contact = try #require(coordinator.contactDetailsViewModel)
        contact.phone = "1234567"
        contact.email = "owner@example.com"
        await contact.continueTapped()
        #expect(coordinator.path.last == .summary)
        #expect(coordinator.progressIndicator(for: .summary) == nil)
        #expect(refreshed)
        let summary = try #require(coordinator.summaryViewModel)
        #expect(summary.displayPassword == "467432")
        coordinator.goBack()
        #expect(coordinator.path.last == .summary)
        summary.closeTapped()
        #expect(!coordinator.isPresented)
        #expect(coordinator.flowState.managementPassword == nil)
        #expect(coordinator.flowState.contactDetails == nil)
    }

    @Test func poppingThroughTheBoundPathDropsThatScreen() {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.navigateToPhoto()
        coordinator.navigateToDescription()
        coordinator.path = [.photo]
        #expect(coordinator.animalDescriptionViewModel == nil)
        #expect(coordinator.photoViewModel != nil)
    }
}

@MainActor
@Suite struct FoundPetReportCoordinatorTests {
    let service = FakeSubmissionService()
    let directory = Fixtures.temporaryDirectory()

    func makeCoordinator() -> FoundPetReportCoordinator {
        FoundPetReportCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: service, photoCacheDirectory: directory, clipboard: RecordingClipboard(),
                makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
    }

    /// The flow walked to its contact step, with the finder's phone and e-mail typed in.
    static func filledContactStep(of coordinator: FoundPetReportCoordinator) throws -> FoundPetContactDetailsViewModel {
        coordinator.start()
        coordinator.navigateToPetDetails()
        coordinator.navigateToContactInformation()
        let contact = try #require(coordinator.contactInformationViewModel)
        contact.phone = "1234567"
        contact.email = "finder@example.com"
        return contact
    }

    @Test func startsAtThePhotoStepOfThree() {
        let coordinator = makeCoordinator()
        coordinator.start()
        #expect(coordinator.photoViewModel?.progress.displayText == "1/3")
        #expect(coordinator.path.isEmpty)
        coordinator.navigateToPetDetails()
        coordinator.navigateToContactInformation()
        #expect(coordinator.path == [.petDetails, .contactInformation])
        #expect(coordinator.progressIndicator(for: .contactInformation).displayText == "3/3")
    }

    @Test func successEndsTheFlowWithAConfirmation() async throws {
        let coordinator = makeCoordinator()
        var shown: FoundPetReportConfirmation?
        coordinator.onReportSent = { shown = $0 }
        let contact = try Self.filledContactStep(of: coordinator)
        contact.caregiverPhone = "7654321"
        await contact.continueTapped()
        #expect(!coordinator.isPresented)
        #expect(coordinator.path.isEmpty)
        #expect(shown?.title == "Report sent")
        #expect(shown?.message.contains("467432") == true)
        #expect(coordinator.confirmation == shown)
        #expect(coordinator.flowState.caregiverPhoneNumber == nil)
    }

    @Test func failureKeepsTheFlowOpen() async throws {
        service.errors = [RepositoryError.network(description: "offline")]
        let coordinator = makeCoordinator()
        let contact = try Self.filledContactStep(of: coordinator)
        await contact.continueTapped()
        #expect(coordinator.isPresented)
        #expect(contact.alertMessage == "Please check your network and try again.")
        #expect(coordinator.confirmation == nil)
    }

    @Test func backFromDetailsKeepsDataAndExitFromPhotoClearsIt() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        await coordinator.photoViewModel?.photoPicked(PhotoSelection(data: Fixtures.webp, fileName: "w.webp"))
        coordinator.photoViewModel?.continueTapped()
        let details = try #require(coordinator.petDetailsViewModel)
        details.backTapped()
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.photoViewModel?.attachedPhoto?.fileName == "w.webp")
        coordinator.photoViewModel?.backTapped()
        #expect(!coordinator.isPresented)
        #expect(coordinator.flowState.photoAttachment == nil)
        await coordinator.clearing?.value
        #expect(Fixtures.files(in: directory).isEmpty)
    }
}

/// Seed 001, manual QA: "Back navigation preserves all entered data" — on the step one leaves too,
/// typed but not yet continued (even when not valid yet), for every step of both flows.
@MainActor
@Suite struct BackThenForwardTests {
    let service = FakeSubmissionService()
    let directory = Fixtures.temporaryDirectory()

    var dependencies: ReportFlowDependencies {
        ReportFlowDependencies(
            submissionService: service, photoCacheDirectory: directory, clipboard: RecordingClipboard(),
            makeToastScheduler: { ToastScheduler(clock: ManualClock()) })
    }

    @Test func foundFlowKeepsEveryFieldOfEveryStep() async throws {
        let coordinator = FoundPetReportCoordinator(dependencies: dependencies)
        coordinator.start()
        await coordinator.photoViewModel?.photoPicked(PhotoSelection(data: Fixtures.png, fileName: "p.png"))
        coordinator.photoViewModel?.continueTapped()
        let details = try #require(coordinator.petDetailsViewModel)
        details.petName = "Mruczek"
        details.age = "3"
        details.speciesSelected(.cat)
        details.raceChanged("Tabby")
        details.genderSelected(.female)
        details.latitude = "52.23"
        details.longitude = "not yet"
        details.descriptionChanged("White paws")
        details.backTapped()
        coordinator.photoViewModel?.continueTapped()
        let again = try #require(coordinator.petDetailsViewModel)
        #expect(again.selectedSpecies == .cat && again.race == "Tabby" && again.selectedGender == .female)
        #expect(again.petName == "Mruczek" && again.age == "3")
        #expect(again.latitude == "52.23" && again.longitude == "not yet" && again.additionalDescription == "White paws")

        again.longitude = "21.01"
        again.continueTapped()
        let contact = try #require(coordinator.contactInformationViewModel)
        contact.phone = "600700800"
        contact.email = "finder@"
        contact.caregiverPhone = "500600700"
        contact.rewardChanged("A bag of treats")
        contact.currentAddressChanged("Puławska 1\nWarszawa")
        contact.backTapped()
        #expect(coordinator.path == [.petDetails] && coordinator.contactInformationViewModel == nil)
        coordinator.petDetailsViewModel?.continueTapped()
        let contactAgain = try #require(coordinator.contactInformationViewModel)
        #expect(contactAgain.phone == "600700800" && contactAgain.email == "finder@")
        #expect(contactAgain.caregiverPhone == "500600700" && contactAgain.currentAddress == "Puławska 1\nWarszawa")
        #expect(contactAgain.rewardDescription == "A bag of treats")
        await coordinator.exitFlow()
        #expect(coordinator.flowState.caregiverPhoneNumber == nil)
    }

    @Test func missingFlowKeepsEveryFieldOfEveryStep() async throws {
        let coordinator = MissingPetReportCoordinator(dependencies: dependencies)
        coordinator.start()
        coordinator.chipNumberViewModel?.chipNumberChanged("123456789012345")
        coordinator.chipNumberViewModel?.continueTapped()
        await coordinator.photoViewModel?.photoPicked(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        coordinator.photoViewModel?.continueTapped()
        let description = try #require(coordinator.animalDescriptionViewModel)
        description.petName = "Rex"
        description.speciesSelected(.dog)
        description.raceChanged("Beagle")
        description.genderSelected(.male)
        description.age = "four"
        description.latitude = "52.23"
        description.longitude = "21.01"
        description.descriptionChanged("Brown ears")
        description.backTapped()
        #expect(coordinator.path == [.photo])
        coordinator.photoViewModel?.continueTapped()
        let again = try #require(coordinator.animalDescriptionViewModel)
        #expect(again.petName == "Rex" && again.selectedSpecies == .dog && again.race == "Beagle" && again.selectedGender == .male)
        #expect(again.age == "four" && again.latitude == "52.23" && again.longitude == "21.01" && again.additionalDescription == "Brown ears")

        again.age = "4"
        again.continueTapped()
        let contact = try #require(coordinator.contactDetailsViewModel)
        contact.phone = "600700800"
        contact.email = "owner@example.com"
        contact.backTapped()
        coordinator.animalDescriptionViewModel?.continueTapped()
        let contactAgain = try #require(coordinator.contactDetailsViewModel)
        #expect(contactAgain.phone == "600700800" && contactAgain.email == "owner@example.com")
        // Leaving the flow forgets everything: a new start begins empty.
        await coordinator.exitFlow()
        coordinator.start()
        coordinator.chipNumberViewModel?.continueTapped()
        await coordinator.photoViewModel?.photoPicked(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        coordinator.photoViewModel?.continueTapped()
        #expect(coordinator.animalDescriptionViewModel?.petName == "")
        await coordinator.exitFlow()
    }
}
