import Foundation
import PetSpotAPI
import PetSpotDomain
import Testing
@testable import PetSpotClient

/// Seed 001 — "Quickstart: iOS Align Found Flow (3-step)" (coordinator navigation, collar data, required
/// location, optional caregiver phone, testing checklist / manual QA).
@MainActor
@Suite struct Seed001Tests {
    let directory = Fixtures.temporaryDirectory()
    let service = FakeSubmissionService()
    let scheduler = ToastScheduler(clock: ManualClock())

    func makeCoordinator(submissionService: (any AnnouncementSubmissionServiceProtocol)? = nil) -> FoundPetReportCoordinator {
        FoundPetReportCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: submissionService ?? service, photoCacheDirectory: directory, clipboard: RecordingClipboard(),
                makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
    }

    func makeDetails() -> FoundPetPetDetailsViewModel {
        FoundPetPetDetailsViewModel(
            flowState: FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory)), toastScheduler: scheduler)
    }

    // Seed, "Coordinator Navigation Flow": "start() ──► navigateToPhoto() (1/3) │ onNext ▼ navigateToPetDetails() (2/3)
    // │ onContinue ▼ navigateToContactInformation() (3/3) │ onReportSent (successful submission) ▼ exitFlow()"
    // and "Note: Summary screen REMOVED - flow exits immediately after successful submission".
    @Test func photoThenPetDetailsThenContactInformationThenExit() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        let photo = try #require(coordinator.photoViewModel)
        #expect(photo.progress.displayText == "1/3")
        #expect(coordinator.path.isEmpty)
        await photo.handlePhotoSelection(PhotoSelection(data: Fixtures.png, fileName: "found.png"))
        photo.handleNext() // onNext
        #expect(coordinator.path == [.petDetails])
        let details = try #require(coordinator.petDetailsViewModel)
        #expect(details.progress.displayText == "2/3")
        details.selectedSpecies = .dog
        details.selectedGender = .male
        details.latitude = "52.2297"
        details.longitude = "21.0122"
        details.continueTapped() // onContinue
        #expect(coordinator.path == [.petDetails, .contactInformation])
        let contact = try #require(coordinator.contactInformationViewModel)
        #expect(contact.progress.displayText == "3/3")
        contact.phone = "+48123456789"
        contact.email = "finder@example.com"
        await contact.submitForm() // onReportSent → exitFlow()
        #expect(service.calls == 1)
        #expect(!coordinator.isPresented)
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.flowState.animalSpecies == nil && coordinator.flowState.photoAttachment == nil)
        await coordinator.clearing?.value
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    // Seed, Manual QA: "Submit succeeds without caregiver/address fields sent to backend" and Phase 3:
    // "Do NOT send new fields to backend" — the whole flow with the real submission service.
    @Test func submittingTheFlowNeverSendsCaregiverOrAddress() async throws {
        let repository = FakeAnnouncementRepository()
        let coordinator = makeCoordinator(submissionService: AnnouncementSubmissionService(repository: repository))
        coordinator.start()
        await coordinator.photoViewModel?.handlePhotoSelection(PhotoSelection(data: Fixtures.jpeg, fileName: "f.jpg"))
        coordinator.photoViewModel?.handleNext()
        let details = try #require(coordinator.petDetailsViewModel)
        details.updateCollarData("123456789012345")
        details.selectedSpecies = .cat
        details.selectedGender = .female
        details.latitude = "50.0647"
        details.longitude = "19.9450"
        details.continueTapped()
        let contact = try #require(coordinator.contactInformationViewModel)
        contact.phone = "1234567"
        contact.email = "test@test.com"
        contact.caregiverPhone = "+48987654321"
        contact.currentAddress = "123 Main Street\nWarsaw"
        await contact.submitForm()
        let request = try #require(await repository.createdRequests.first)
        #expect(request.status == "FOUND" && request.microchipNumber == "123456789012345")
        #expect(request.caregiverPhone == nil && request.currentAddress == nil)
        let body = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(!body.contains("987654321") && !body.contains("Main Street"))
        #expect(await repository.uploads.count == 1)
        #expect(!coordinator.isPresented)
    }

    // Seed: "@Published var collarData: String = """ and "var formattedCollarData: String { MicrochipNumberFormatter.format(collarData) }".
    @Test func collarDataStartsEmpty() {
        let viewModel = makeDetails()
        #expect(viewModel.collarData == "")
        #expect(viewModel.formattedCollarData == "")
    }

    // Seed: "let digits = MicrochipNumberFormatter.extractDigits(newValue)
    //        collarData = String(digits.prefix(MicrochipNumberFormatter.maxDigits))" and the formatted value follows it.
    @Test(arguments: ["1", "12345", "12345 6", "abc1234567890xyz", "1234567890123456789", "00000-00000-00000"])
    func formattedCollarDataIsTheFormatterAppliedToCollarData(input: String) {
        let viewModel = makeDetails()
        viewModel.updateCollarData(input)
        #expect(MicrochipNumberFormatter.maxDigits == 15)
        #expect(viewModel.collarData == String(MicrochipNumberFormatter.extractDigits(input).prefix(MicrochipNumberFormatter.maxDigits)))
        #expect(viewModel.formattedCollarData == MicrochipNumberFormatter.format(viewModel.collarData))
    }

    // Seed, Manual QA: "Collar data accepts 1-14 digits without blocking Continue".
    @Test(arguments: [1, 2, 5, 6, 10, 11, 14])
    func collarDataOfOneToFourteenDigitsDoesNotBlockContinue(count: Int) {
        let viewModel = makeDetails()
        let digits = String(repeating: "7", count: count)
        viewModel.updateCollarData(digits)
        viewModel.selectedSpecies = .dog
        viewModel.selectedGender = .male
        viewModel.latitude = "52.2297"
        viewModel.longitude = "21.0122"
        var continued = false
        viewModel.onContinue = { continued = true }
        viewModel.continueTapped()
        #expect(continued)
        #expect(viewModel.toastMessage == nil)
    }

    // Seed, Manual QA: "Location fields required - blocks Continue if empty" — one field missing is enough.
    @Test func onlyLongitudeMissingBlocksContinueWithItsOwnMessage() {
        let viewModel = makeDetails()
        viewModel.selectedSpecies = .dog
        viewModel.selectedGender = .male
        viewModel.latitude = "52.2297"
        viewModel.longitude = ""
        var continued = false
        viewModel.onContinue = { continued = true }
        viewModel.continueTapped()
        #expect(!continued)
        #expect(viewModel.errors.latitude == nil)
        #expect(viewModel.errors.longitude == "Fill in longitude")
    }

    // Seed: "let latTrimmed = latitude.trimmingCharacters(in: .whitespacesAndNewlines) … if latTrimmed.isEmpty { latError = …missingLatitude }".
    @Test func whitespaceOnlyCoordinatesCountAsEmpty() {
        let viewModel = makeDetails()
        viewModel.selectedSpecies = .dog
        viewModel.selectedGender = .male
        viewModel.latitude = "  \n"
        viewModel.longitude = "\t "
        viewModel.continueTapped()
        #expect(viewModel.errors.latitude == "Fill in latitude")
        #expect(viewModel.errors.longitude == "Fill in longitude")
    }

    // Seed: "!(-90...90).contains(latValue)" / "!(-180...180).contains(longValue)" — closed ranges, so the bounds pass.
    @Test(arguments: [("-90", "-180"), ("90", "180"), ("0", "0"), (" 52.2297 ", " 21.0122 ")])
    func boundaryCoordinatesAreAccepted(latitude: String, longitude: String) {
        let state = FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
        let viewModel = FoundPetPetDetailsViewModel(flowState: state, toastScheduler: scheduler)
        viewModel.selectedSpecies = .cat
        viewModel.selectedGender = .female
        viewModel.latitude = latitude
        viewModel.longitude = longitude
        var continued = false
        viewModel.onContinue = { continued = true }
        viewModel.continueTapped()
        #expect(continued)
        #expect(state.animalLatitude == Double(latitude.trimmingCharacters(in: .whitespaces)))
        #expect(state.animalLongitude == Double(longitude.trimmingCharacters(in: .whitespaces)))
    }

    // Seed: latError = L10n.AnimalDescription.Error.invalidLatitude / longError = …invalidLongitude just past the bounds.
    @Test func justPastTheBoundsIsOutOfRange() {
        let viewModel = makeDetails()
        viewModel.selectedSpecies = .cat
        viewModel.selectedGender = .female
        viewModel.latitude = "90.0001"
        viewModel.longitude = "-180.0001"
        viewModel.continueTapped()
        #expect(viewModel.errors.latitude == "Latitude must be between -90 and 90")
        #expect(viewModel.errors.longitude == "Longitude must be between -180 and 180")
    }

    // Reference §3.1 (same form in Found 2/3): "| Latitude | not a number | "Invalid coordinate format" |".
    @Test func nonNumericCoordinatesAreAFormatError() {
        let viewModel = makeDetails()
        viewModel.selectedSpecies = .cat
        viewModel.selectedGender = .female
        viewModel.latitude = "abc"
        viewModel.longitude = "52,1"
        viewModel.continueTapped()
        #expect(viewModel.errors.latitude == "Invalid coordinate format")
        #expect(viewModel.errors.longitude == "Invalid coordinate format")
    }

    // Seed: "private var isCaregiverPhoneValid: Bool { if caregiverPhone.isEmpty { return true } … digitCount >= 7 && digitCount <= 11 }".
    @Test(arguments: [
        ("", true), ("+1 (555) 000-0000", true), ("555-0000", true), ("+48 987 654 321", true),
        ("123456", false), ("+48 987 654 321 00", false), ("abc", false),
    ])
    func caregiverPhoneIsValidWhenEmptyOrSevenToElevenDigits(caregiver: String, valid: Bool) {
        let viewModel = FoundPetContactDetailsViewModel(
            flowState: FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory)), submissionService: service)
        viewModel.caregiverPhone = caregiver
        #expect(viewModel.isCaregiverPhoneValid == valid)
    }

    // Seed, literally: "// Empty is valid (optional field)  if caregiverPhone.isEmpty { return true }" — only the
    // empty string is exempt; "   " is not empty and has 0 digits, so it is invalid.
    @Test func whitespaceOnlyCaregiverPhoneIsNotEmptySoItIsInvalid() async {
        let viewModel = FoundPetContactDetailsViewModel(
            flowState: FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory)), submissionService: service)
        viewModel.phone = "1234567"
        viewModel.email = "test@test.com"
        viewModel.caregiverPhone = "   "
        #expect(!viewModel.isCaregiverPhoneValid)
        await viewModel.submitForm()
        #expect(viewModel.caregiverPhoneError == "Enter at least 7 digits")
        #expect(service.calls == 0)
    }

    // Seed, Manual QA: "Cancel/exit clears all state" — X on step 1 (photo) after everything was entered.
    @Test func cancelFromStepOneClearsEveryField() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        let state = coordinator.flowState
        await coordinator.photoViewModel?.handlePhotoSelection(PhotoSelection(data: Fixtures.gif, fileName: "g.gif"))
        state.chipNumber = "123456"
        state.disappearanceDate = Date()
        state.animalSpecies = .dog
        state.animalRace = "Beagle"
        state.animalGender = .male
        state.animalLatitude = 1
        state.animalLongitude = 2
        state.animalAdditionalDescription = "x"
        state.contactDetails = OwnerContactDetails(phone: "1234567", email: "a@b.co", rewardDescription: nil)
        state.caregiverPhoneNumber = "7654321"
        state.currentPhysicalAddress = "Somewhere"
        coordinator.photoViewModel?.handleBack()
        #expect(!coordinator.isPresented)
        #expect(state.chipNumber == nil && state.photoAttachment == nil && state.photoStatus == .empty && state.disappearanceDate == nil)
        #expect(state.animalSpecies == nil && state.animalRace == nil && state.animalGender == nil)
        #expect(state.animalLatitude == nil && state.animalLongitude == nil && state.animalAdditionalDescription == nil)
        #expect(state.contactDetails == nil && state.caregiverPhoneNumber == nil && state.currentPhysicalAddress == nil)
        await coordinator.clearing?.value
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    // Seed, Phase 6: "Add new `reportFoundPet.*` strings" (en + pl); texts from the reference's §5 table.
    @Test(arguments: [
        ("reportFoundPet.photo.screenTitle", "Upload photo", "Dodaj zdjęcie"),
        ("reportFoundPet.photo.heading", "Upload photo", "Dodaj zdjęcie"),
        (
            "reportFoundPet.photo.body", "Upload a clear photo of the pet you found. This helps the owner recognize them quickly.",
            "Prześlij wyraźne zdjęcie znalezionego zwierzęcia. Pomoże to właścicielowi szybko rozpoznać pupila."
        ),
        ("reportFoundPet.petDetails.screenTitle", "Pet details", "Szczegóły zwierzęcia"),
        ("reportFoundPet.petDetails.collarDataLabel", "Collar data (optional)", "Dane z obroży (opcjonalnie)"),
        ("reportFoundPet.petDetails.collarDataPlaceholder", "00000-00000-00000", "00000-00000-00000"),
        ("reportFoundPet.contactInfo.screenTitle", "Contact info", "Dane kontaktowe"),
        ("reportFoundPet.contactInfo.caregiverPhoneLabel", "Caregiver phone number (optional)", "Telefon opiekuna (opcjonalnie)"),
        ("reportFoundPet.contactInfo.caregiverPhonePlaceholder", "+1 (555) 000-0000", "+48 123 456 789"),
        ("reportFoundPet.contactInfo.currentAddressLabel", "Current physical address (optional)", "Aktualny adres fizyczny (opcjonalnie)"),
        (
            "reportFoundPet.contactInfo.currentAddressPlaceholder", "Full address where the animal is currently located",
            "Pełny adres, gdzie aktualnie znajduje się zwierzę"
        ),
    ])
    func reportFoundPetStringsInEnglishAndPolish(key: String, english: String, polish: String) {
        #expect(LocalizedStrings(language: .english)[key] == english)
        #expect(LocalizedStrings(language: .polish)[key] == polish)
    }
}

/// Seed 001's and the reference app's names for the details step and its strings.
@MainActor
@Suite struct Seed001NameTests {
    // Seed: "latError = L10n.AnimalDescription.Error.missingLatitude" (SwiftGen accessors).
    @Test func l10nAccessorsForCoordinateErrors() {
        #expect(L10n.AnimalDescription.Error.missingLatitude == "Fill in latitude")
        #expect(L10n.AnimalDescription.Error.invalidLongitude == "Longitude must be between -180 and 180")
    }

    // Reference §3.1/§3.2 (Found step-2 VM is a copy of Missing's): actions `handleSpeciesChange`, `handleGenderChange`,
    // `onContinueTapped`; errors `speciesErrorMessage`, `genderErrorMessage`, `latitudeErrorMessage`, `longitudeErrorMessage`;
    // UI `showToast`, `toastMessage`.
    @Test func foundPetDetailsUsesTheReferenceNames() {
        let viewModel = FoundPetPetDetailsViewModel(
            flowState: FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory())))
        viewModel.onContinueTapped()
        #expect(viewModel.speciesErrorMessage == "Please select a species")
        #expect(viewModel.genderErrorMessage == "Please select a gender")
        #expect(viewModel.latitudeErrorMessage == "Fill in latitude")
        #expect(viewModel.longitudeErrorMessage == "Fill in longitude")
        #expect(viewModel.showToast)
        viewModel.handleSpeciesChange(.dog)
        viewModel.handleGenderChange(.male)
        #expect(viewModel.speciesErrorMessage == nil && viewModel.genderErrorMessage == nil)
    }
}
