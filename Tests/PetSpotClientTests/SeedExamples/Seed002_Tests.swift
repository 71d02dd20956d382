import Foundation
import PetSpotDomain
import Testing
@testable import PetSpotClient

/// Seed 002 — "Data Model: Missing Pet Report Flow (iOS)" (FlowState, the step view models' patterns,
/// coordinator callbacks, ProgressIndicatorConfig, testing support).
@MainActor
@Suite struct Seed002Tests {
    let directory = Fixtures.temporaryDirectory()
    let service = FakeSubmissionService()

    func makeFlowState() -> ReportMissingPetFlowState {
        ReportMissingPetFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
    }

    func makeCoordinator() -> ReportMissingPetCoordinator {
        ReportMissingPetCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: service, photoCacheDirectory: directory, clipboard: RecordingClipboard(),
                makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
    }

    // Seed: "static let standard = ProgressIndicatorConfig(step: 1, total: 4, backgroundColor: "#155DFC", textColor: "#FFFFFF")".
    @Test func standardProgressIndicatorIsStepOneOfFourInBlueAndWhite() {
        let config = ProgressIndicatorConfig.standard
        #expect(config.step == 1)
        #expect(config.total == 4)
        #expect(config.backgroundColor == "#155DFC")
        #expect(config.textColor == "#FFFFFF")
        #expect(config.displayText == "1/4")
    }

    // Seed: "func with(step: Int) -> ProgressIndicatorConfig { ProgressIndicatorConfig(step: step, total: self.total,
    // backgroundColor: self.backgroundColor, textColor: self.textColor) }" and "let config = ProgressIndicatorConfig.standard.with(step: 2)".
    @Test func withStepKeepsTotalAndColours() {
        let config = ProgressIndicatorConfig.standard.with(step: 2)
        #expect(config.step == 2 && config.total == 4)
        #expect(config.backgroundColor == "#155DFC" && config.textColor == "#FFFFFF")
        #expect(config.displayText == "2/4")
        let custom = ProgressIndicatorConfig(step: 1, total: 3, backgroundColor: "#000000", textColor: "#111111").with(step: 3)
        #expect(custom.backgroundColor == "#000000" && custom.textColor == "#111111" && custom.displayText == "3/3")
    }

    // Seed: "struct ProgressIndicatorConfig { let step: Int  let total: Int  let backgroundColor: String  let textColor: String }"
    // and "var displayText: String { "\(step)/\(total)" }".
    @Test func memberwiseInitAndDisplayText() {
        let config = ProgressIndicatorConfig(step: 3, total: 4, backgroundColor: "#155DFC", textColor: "#FFFFFF")
        #expect(config.displayText == "3/4")
    }

    // Seed, ChipNumberViewModel: "@Published var chipNumberInput: String = """ — nothing saved, nothing shown.
    @Test func chipNumberInputStartsEmpty() {
        let viewModel = ChipNumberViewModel(flowState: makeFlowState())
        #expect(viewModel.chipNumberInput == "")
    }

    // Seed: "if let savedChipNumber = flowState.chipNumber { self.chipNumberInput = formatChipNumber(savedChipNumber) }"
    // with "if index == 5 || index == 10 { formatted.append("-") }".
    @Test(arguments: [
        ("1234", "1234"), ("12345", "12345"), ("123456", "12345-6"), ("1234567890", "12345-67890"),
        ("12345678901", "12345-67890-1"),
    ])
    func savedChipNumberIsRestoredFormatted(saved: String, shown: String) {
        let flowState = makeFlowState()
        flowState.chipNumber = saved
        #expect(ChipNumberViewModel(flowState: flowState).chipNumberInput == shown)
    }

    // Seed: "let digits = chipNumberInput.filter { $0.isNumber }; flowState.chipNumber = digits.isEmpty ? nil : digits; onNext?()".
    @Test func handleNextWithNoNumberSavesNilAndStillMovesOn() {
        let flowState = makeFlowState()
        flowState.chipNumber = "999"
        let viewModel = ChipNumberViewModel(flowState: flowState)
        viewModel.chipNumberInput = ""
        var nextCalled = false
        viewModel.onNext = { nextCalled = true }
        viewModel.handleNext()
        #expect(flowState.chipNumber == nil)
        #expect(nextCalled)
    }

    // Seed, Pattern 2: "func handleNext() { // Flow state already updated by coordinator … onNext?() }" with a photo in the flow.
    @Test func photoHandleNextWithAPhotoMovesOn() async {
        let flowState = makeFlowState()
        let viewModel = PhotoViewModel(flowState: flowState)
        await viewModel.handlePhotoSelection(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        var nextCalled = false
        viewModel.onNext = { nextCalled = true }
        viewModel.handleNext()
        #expect(nextCalled)
        #expect(viewModel.progress.displayText == "2/4")
        await flowState.clear()
    }

    // Seed, Navigation Events: "// Chip Number (Step 1) viewModel.onNext = { [weak self] in self?.navigateToPhoto() }".
    @Test func chipNumberNextOpensThePhotoStep() {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.chipNumberViewModel?.handleNext()
        #expect(coordinator.path == [.photo])
        #expect(coordinator.photoViewModel != nil)
        #expect(coordinator.progressIndicator(for: .photo)?.displayText == "2/4")
    }

    // Seed: "// Description (Step 3) viewModel.onNext = { [weak self] in self?.navigateToContactDetails() }".
    @Test func descriptionNextOpensTheContactStep() throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.navigateToPhoto()
        coordinator.navigateToDescription()
        let description = try #require(coordinator.animalDescriptionViewModel)
        Fixtures.fillRequiredDetails(description)
        description.onContinueTapped()
        #expect(coordinator.path == [.photo, .animalDescription, .contactDetails])
        #expect(coordinator.contactDetailsViewModel != nil)
        #expect(coordinator.progressIndicator(for: .contactDetails)?.displayText == "4/4")
    }

    // Seed: "// Description (Step 3) … viewModel.onBack = { … popViewController }" — DescriptionViewModel(flowState:) directly.
    @Test func descriptionBackCallsOnBackAndSavesNothing() {
        let flowState = makeFlowState()
        let viewModel = DescriptionViewModel(flowState: flowState)
        viewModel.handleSpeciesChange(.cat)
        var backCalled = false
        viewModel.onBack = { backCalled = true }
        viewModel.onBackTapped()
        #expect(backCalled)
        #expect(flowState.animalSpecies == nil)
    }

    // Seed: "// Summary (Step 5) viewModel.onSubmit = { [weak self] in … self?.exitFlow() }" and
    // "| `FlowState` | Shared state across all steps | Created by coordinator, cleared on exit |".
    @Test func summarySubmitExitsTheFlowAndClearsTheState() async throws {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.chipNumberViewModel?.chipNumberInput = "123456789012345"
        coordinator.chipNumberViewModel?.handleNext()
        coordinator.navigateToDescription()
        coordinator.navigateToContactDetails()
        let contact = try #require(coordinator.contactDetailsViewModel)
        contact.phone = "1234567"
        contact.email = "owner@example.com"
        await contact.submitForm()
        let summary = try #require(coordinator.summaryViewModel)
        summary.handleSubmit()
        #expect(!coordinator.isPresented)
        #expect(coordinator.path.isEmpty)
        #expect(coordinator.flowState.chipNumber == nil && coordinator.flowState.contactDetails == nil)
    }

    // Seed: "| `ChipNumberViewModel` | Step 1 state + actions | Created per screen, references FlowState |" — a screen created
    // again reads the shared state the earlier screen wrote.
    @Test func aNewChipScreenReadsWhatTheSharedStateHolds() {
        let flowState = makeFlowState()
        let first = ChipNumberViewModel(flowState: flowState)
        first.chipNumberInput = "98765-43210"
        first.handleNext()
        #expect(flowState.chipNumber == "9876543210")
        #expect(ChipNumberViewModel(flowState: flowState).chipNumberInput == "98765-43210")
    }
}

/// Seed 002's own type and member names, with the seed's synchronous actions and callbacks.

@MainActor
@Suite struct Seed002NameTests {
    // Seed: "class FlowState: ObservableObject { … init() { // All properties start as nil } … }".
    @Test func flowStateStartsEmptyAndClears() async {
        let flowState = FlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        #expect(flowState.chipNumber == nil)
        #expect(flowState.description == nil)
        #expect(flowState.contactEmail == nil && flowState.contactPhone == nil)
        flowState.chipNumber = "123"
        await flowState.clear()
        #expect(flowState.chipNumber == nil)
    }

    // Seed: "var hasChipNumber", "var hasPhoto", "var hasDescription", "var hasContactInfo" ("at least one contact method provided").
    @Test func flowStateComputedProperties() {
        let flowState = FlowState()
        #expect(!flowState.hasChipNumber && !flowState.hasPhoto && !flowState.hasDescription && !flowState.hasContactInfo)
        flowState.chipNumber = "12345"
        flowState.description = "Brown"
        flowState.contactEmail = "owner@example.com"
        #expect(flowState.hasChipNumber && flowState.hasDescription && flowState.hasContactInfo)
    }

    // Seed 002's contact fields write into the later seeds' contact details without losing what else they hold.
    @Test func clearingSeedTwosEmailKeepsTheRelayChoiceAndTheTrait() {
        let flowState = FlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        flowState.contactDetails = OwnerContactDetails(phone: "", email: "a@b.pl", privateTrait: "white ear", relayContact: true)
        flowState.contactEmail = nil
        flowState.contactEmail = "new@b.pl"
        #expect(flowState.contactDetails == OwnerContactDetails(phone: "", email: "new@b.pl", privateTrait: "white ear", relayContact: true))
    }

    // Seed: "var formattedChipNumber: String? { guard let chip = chipNumber, !chip.isEmpty else { return nil } … }".
    @Test func flowStateFormattedChipNumber() {
        let flowState = FlowState()
        #expect(flowState.formattedChipNumber == nil)
        flowState.chipNumber = "123456789012345"
        #expect(flowState.formattedChipNumber == "12345-67890-12345")
    }

    // Seed, Example Unit Test: "let flowState = FlowState(); let viewModel = ChipNumberViewModel(flowState: flowState)".
    @Test func seedsExampleUnitTestWithFlowState() {
        let flowState = FlowState()
        let viewModel = ChipNumberViewModel(flowState: flowState)
        viewModel.chipNumberInput = "12345-67890-12345"
        var nextCalled = false
        viewModel.onNext = { nextCalled = true }
        viewModel.handleNext()
        #expect(flowState.chipNumber == "123456789012345")
        #expect(nextCalled)
    }

    // Seed: "@Published var isTextFieldFocused: Bool = false".
    @Test func chipNumberHasAFocusFlag() {
        let viewModel = ChipNumberViewModel(flowState: ReportMissingPetFlowState())
        #expect(viewModel.isTextFieldFocused == false)
    }

    // Seed: "var onBack: (() -> Void)?" and "func handleBack() { onBack?() }" — synchronous, as ours.
    @Test func chipNumberAndPhotoHandleBackCallOnBack() async {
        let flowState = ReportMissingPetFlowState()
        let chip = ChipNumberViewModel(flowState: flowState)
        var backCalled = false
        chip.onBack = { backCalled = true }
        chip.handleBack()
        #expect(backCalled)
        backCalled = false
        let photo = PhotoViewModel(flowState: flowState)
        photo.onBack = { backCalled = true }
        photo.handleBack()
        #expect(backCalled)
    }

    // Seed, Pattern 2: "@Published var selectedPhoto: UIImage?", "var onSelectPhoto: (() -> Void)?", "func handleSelectPhoto() { onSelectPhoto?() }".
    @Test func photoSelectPhotoCallback() {
        let viewModel = PhotoViewModel(flowState: ReportMissingPetFlowState())
        var selectCalled = false
        viewModel.onSelectPhoto = { selectCalled = true }
        viewModel.handleSelectPhoto()
        #expect(selectCalled)
        #expect(viewModel.selectedPhoto == nil)
    }

    // Seed, Pattern 1 ("Used for most screens (chip number, description, contact details)"): handleNext() / onNext.
    @Test func descriptionAndContactHaveHandleNext() {
        let flowState = ReportMissingPetFlowState()
        let description = DescriptionViewModel(flowState: flowState)
        var nextCalled = false
        description.onNext = { nextCalled = true }
        description.handleNext()
        #expect(!nextCalled && description.speciesErrorMessage != nil, "an empty form does not move on")
    }

    // Seed, Pattern 3: "init(flowState: FlowState)", "var onSubmit: (() -> Void)?", "func handleSubmit()" (synchronous),
    // "var chipNumberText: String { flowState.formattedChipNumber ?? L10n.ReportMissing.Summary.notProvided }".
    @Test func summaryPatternThree() async {
        let flowState = ReportMissingPetFlowState()
        let viewModel = SummaryViewModel(flowState: flowState)
        var submitCalled = false
        viewModel.onSubmit = { submitCalled = true }
        viewModel.handleSubmit()
        #expect(submitCalled)
        #expect(viewModel.chipNumberText == L10n.ReportMissing.Summary.notProvided)
    }

    // Seed, "Mock FlowState for Unit Tests": "class MockFlowState: FlowState { var clearCalled … override func clear() {
    // clearCalled = true; super.clear() } }" — and leaving the flow goes through the override.
    @Test func theSeedsMockFlowStateOverridesClear() {
        let flowState = MockFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        flowState.chipNumber = "123"
        flowState.clear()
        #expect(flowState.clearCalled && flowState.chipNumber == nil)
    }

    @Test func leavingTheFlowClearsThroughTheOverride() async {
        let directory = Fixtures.temporaryDirectory()
        let flowState = MockFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
        flowState.chipNumber = "456"
        await flowState.clear()
        #expect(flowState.clearCalled && flowState.chipNumber == nil, "the async clear (the coordinator's) calls the override")
        // The X on step 1 of a coordinator given the mock: the override runs before the X returns.
        let mock = MockFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
        let coordinator = ReportMissingPetCoordinator(
            dependencies: ReportFlowDependencies(submissionService: FakeSubmissionService(), photoCacheDirectory: directory, clipboard: RecordingClipboard()),
            flowState: mock)
        coordinator.start()
        coordinator.chipNumberViewModel?.chipNumberInput = "12345"
        coordinator.chipNumberViewModel?.handleNext()
        coordinator.goBack()
        coordinator.chipNumberViewModel?.handleBack()
        #expect(mock.clearCalled && mock.chipNumber == nil && !coordinator.isPresented)
    }

    // Seed: "// Contact Details (Step 4) viewModel.onNext = { … navigateToSummary() }" and the summary's
    // "var onBack: (() -> Void)?" with "func handleBack() { onBack?() }".
    @Test func contactOnNextAndSummaryHandleBack() async throws {
        let directory = Fixtures.temporaryDirectory()
        let flowState = ReportMissingPetFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
        flowState.animalSpecies = .dog
        let contact = ContactDetailsViewModel(flowState: flowState, submissionService: FakeSubmissionService())
        var nextCalled = false
        contact.onNext = { nextCalled = true }
        await contact.submitForm()
        #expect(!nextCalled, "an empty form does not move on")
        contact.phone = "1234567"
        contact.email = "owner@example.com"
        await contact.submitForm()
        #expect(nextCalled, "a sent report moves on")
        let summary = SummaryViewModel(flowState: flowState)
        var backCalled = false
        summary.onBack = { backCalled = true }
        summary.handleBack()
        #expect(backCalled)
    }
}

/// Seed 002's test double, written as the seed writes it.
final class MockFlowState: FlowState {
    var clearCalled: Bool = false

    override func clear() {
        clearCalled = true
        super.clear()
    }
}
