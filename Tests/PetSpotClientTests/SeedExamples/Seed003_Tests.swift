import Foundation
import PetSpotDomain
import Testing
@testable import PetSpotClient

/// Seed 003 — "Data Model: Report Created Confirmation Screen" (managementPassword in the flow state,
/// SummaryViewModel.displayPassword / copy / toast / handleSubmit, the five localization keys).
@MainActor
@Suite struct Seed003Tests {
    let directory = Fixtures.temporaryDirectory()
    let clock = ManualClock()
    let scheduler: ToastScheduler
    let clipboard = RecordingClipboard()

    init() { scheduler = ToastScheduler(clock: clock) }

    func makeFlowState() -> ReportMissingPetFlowState {
        ReportMissingPetFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
    }

    func makeSummary(_ flowState: ReportMissingPetFlowState, strings: LocalizedStrings = LocalizedStrings()) -> SummaryViewModel {
        SummaryViewModel(flowState: flowState, clipboard: clipboard, toastScheduler: scheduler, strings: strings)
    }

    // Seed: "/// Nil before submission completes.  @Published var managementPassword: String?".
    @Test func managementPasswordIsNilBeforeSubmission() {
        let flowState = ReportMissingPetFlowState()
        let password: String? = flowState.managementPassword
        #expect(password == nil)
    }

    // Seed, Scenario 3: "flowState.managementPassword = "" // Empty string (valid, not nil)", "flowState2.managementPassword = "123"
    // // Short code (valid)"; Rule 2: "Password must be displayed as-is (no formatting, no masking)".
    @Test(arguments: ["123", "007", "467432", " 52 16 "])
    func passwordIsDisplayedAsIs(password: String) {
        let flowState = makeFlowState()
        flowState.managementPassword = password
        #expect(makeSummary(flowState).displayPassword == password)
    }

    // Seed, States: "1. Presenting … 2. Copying … 3. Toast Shown: Toast confirmation "Code copied to clipboard" displayed".
    @Test func toastIsHiddenUntilThePasswordIsCopied() {
        let flowState = makeFlowState()
        flowState.managementPassword = "5216577"
        let viewModel = makeSummary(flowState)
        #expect(!viewModel.showsCodeCopiedToast)
        viewModel.copyPasswordToClipboard()
        #expect(viewModel.showsCodeCopiedToast)
        #expect(clipboard.copied == ["5216577"])
        #expect(viewModel.codeCopiedMessage == "Code copied to clipboard")
    }

    // Seed, Scenario 3: "flowState.managementPassword = "" // Empty string (valid, not nil)"; reference: "copy password to the
    // clipboard (skipped if empty)".
    @Test func anEmptyPasswordIsNotCopied() {
        let flowState = makeFlowState()
        flowState.managementPassword = ""
        let viewModel = makeSummary(flowState)
        viewModel.copyPasswordToClipboard()
        #expect(clipboard.copied.isEmpty)
        #expect(!viewModel.showsCodeCopiedToast)
    }

    // Seed, English keys: "report_created_title" = "Report created"; … "report_created_close_button" = "Close"; — shown by the VM.
    @Test func summaryShowsTheEnglishTexts() {
        let viewModel = makeSummary(makeFlowState())
        #expect(viewModel.title == "Report created")
        #expect(
            viewModel.bodyParagraph1
                == "Your report has been created, and your missing animal has been added to the database. If your pet is found, you will receive a notification immediately."
        )
        #expect(
            viewModel.bodyParagraph2
                == "If you wish to remove your report from the database, use the code provided below in the removal form. This code has also been sent to your email address"
        )
        #expect(viewModel.closeButtonTitle == "Close")
    }

    // Seed, "Localized Strings (New)": the five keys exactly as the seed spells them, English and Polish.
    @Test(arguments: [
        ("report_created_title", "Report created", "Raport utworzony"),
        (
            "report_created_body_paragraph_1",
            "Your report has been created, and your missing animal has been added to the database. If your pet is found, you will receive a notification immediately.",
            "Twój raport został utworzony, a Twoje zagubione zwierzę zostało dodane do bazy danych. Jeśli Twój pupil zostanie odnaleziony, natychmiast otrzymasz powiadomienie."
        ),
        (
            "report_created_body_paragraph_2",
            "If you wish to remove your report from the database, use the code provided below in the removal form. This code has also been sent to your email address",
            "Jeśli chcesz usunąć swój raport z bazy danych, użyj kodu podanego poniżej w formularzu usuwania. Ten kod został również wysłany na Twój adres e-mail"
        ),
        ("report_created_code_copied", "Code copied to clipboard", "Skopiowano kod do schowka"),
        ("report_created_close_button", "Close", "Zamknij"),
    ])
    func seedKeysInEnglishAndPolish(key: String, english: String, polish: String) {
        #expect(LocalizedStrings(language: .english)[key] == english)
        #expect(LocalizedStrings(language: .polish)[key] == polish)
    }

    // Seed, Data Flow: "[Backend API] ↓ (POST /announcements response includes managementPassword) [Repository] …
    // [ReportMissingPetFlowState] ↓ (updates @Published var managementPassword) [SummaryViewModel] … [SummaryView]".
    @Test func passwordFlowsFromTheBackendToTheSummary() async throws {
        let repository = FakeAnnouncementRepository()
        let coordinator = ReportMissingPetCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: AnnouncementSubmissionService(repository: repository), photoCacheDirectory: directory,
                clipboard: clipboard, makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
        coordinator.start()
        coordinator.chipNumberViewModel?.handleNext()
        let photo = try #require(coordinator.photoViewModel)
        await photo.handlePhotoSelection(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        photo.handleNext()
        let description = try #require(coordinator.animalDescriptionViewModel)
        Fixtures.fillRequiredDetails(description)
        description.onContinueTapped()
        let contact = try #require(coordinator.contactDetailsViewModel)
        contact.phone = "+48123456789"
        contact.email = "owner@example.com"
        await contact.submitForm()
        #expect(coordinator.flowState.managementPassword == "123451")
        let summary = try #require(coordinator.summaryViewModel)
        #expect(summary.displayPassword == "123451")
        await coordinator.exitFlow()
    }

    // Seed: "[User Taps Close] → viewModel.handleSubmit() → Coordinator dismisses flow → Clear state" and
    // "func clear() async { // ... existing clears ... managementPassword = nil  // ADD THIS LINE  try? await photoAttachmentCache.clearCurrent() }".
    @Test func closeViaHandleSubmitDismissesAndClearsThePasswordAndPhoto() async throws {
        let coordinator = ReportMissingPetCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: FakeSubmissionService(), photoCacheDirectory: directory, clipboard: clipboard,
                makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
        coordinator.start()
        coordinator.chipNumberViewModel?.handleNext()
        await coordinator.photoViewModel?.handlePhotoSelection(PhotoSelection(data: Fixtures.png, fileName: "p.png"))
        coordinator.navigateToSummary(managementPassword: "5216577")
        let summary = try #require(coordinator.summaryViewModel)
        #expect(summary.displayPassword == "5216577")
        summary.handleSubmit()
        #expect(!coordinator.isPresented)
        #expect(coordinator.flowState.managementPassword == nil)
        #expect(coordinator.flowState.photoAttachment == nil)
        await coordinator.clearing?.value
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    // Seed, States: "4. Dismissing: User tapped Close, flow being dismissed" — a toast still showing goes away.
    @Test func closingHidesTheCopiedToast() async {
        let flowState = makeFlowState()
        flowState.managementPassword = "5216577"
        let viewModel = makeSummary(flowState)
        var closed = false
        viewModel.onClose = { closed = true }
        viewModel.copyPasswordToClipboard()
        viewModel.handleSubmit()
        #expect(closed)
        #expect(!viewModel.showsCodeCopiedToast)
    }

    // Seed: "SummaryViewModel … Observes flowState.managementPassword" — it reads the flow state, not a copy.
    @Test func displayPasswordFollowsTheFlowState() {
        let flowState = makeFlowState()
        let viewModel = makeSummary(flowState)
        flowState.managementPassword = "111111"
        #expect(viewModel.displayPassword == "111111")
        flowState.managementPassword = nil
        #expect(viewModel.displayPassword == "")
    }

    // Seed: "let flowState = ReportFlowState()" / "flowState.managementPassword = "5216577"" in its test data.
    @Test func theTestDatasFlowStateIsTheMissingFlows() {
        let flowState: ReportFlowState = ReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
        flowState.managementPassword = "5216577"
        #expect(makeSummary(flowState).displayPassword == "5216577" && flowState.status == .missing)
    }
}

/// Seed 003's names: L10n, a summary made without a clipboard, delays in seconds.
@MainActor
@Suite struct Seed003NameTests {
    // Seed: "Access in code: `L10n.reportCreatedTitle`, `L10n.reportCreatedBodyParagraph1`, etc.".
    @Test func l10nAccessors() {
        #expect(L10n.reportCreatedTitle == "Report created")
        #expect(L10n.reportCreatedCodeCopied == "Code copied to clipboard")
        #expect(L10n.reportCreatedCloseButton == "Close")
    }

    // Seed: "INJECT `ToastScheduler` into `SummaryViewModel`" and "Clipboard is side effect: Handled in view action" —
    // a summary made with the flow state and a toast scheduler only (ours also demands a `clipboard:`).
    @Test func summaryMadeWithFlowStateAndToastScheduler() {
        let flowState = ReportMissingPetFlowState()
        flowState.managementPassword = "5216577"
        let viewModel = SummaryViewModel(flowState: flowState, toastScheduler: ToastScheduler())
        #expect(viewModel.displayPassword == "5216577")
    }

    // Seed: "ToastScheduler (Service) … - schedule(duration, handler) - cancel()" — durations in seconds as in the iOS app
    // (`TimeInterval`), e.g. 2 for the copied toast.
    @Test func toastSchedulerTakesSeconds() {
        let scheduler = ToastScheduler()
        scheduler.schedule(duration: 2.0) {}
        scheduler.schedule(duration: 2, handler: {})
        scheduler.cancel()
    }
}
