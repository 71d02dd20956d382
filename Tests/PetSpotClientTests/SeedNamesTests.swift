import Foundation
import PetSpotClient
import Testing

/// The seeds' own examples, written with the seeds' names (seed 002's step view models, seed 003's
/// `ReportMissingPetFlowState` and `SummaryViewModel`), work on the library as it is.
@MainActor
@Suite struct SeedNamesTests {
    @Test func seed002sChipNumberExampleSavesDigitsAndMovesOn() {
        let flowState = ReportMissingPetFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        let viewModel = ChipNumberViewModel(flowState: flowState)
        viewModel.chipNumberInput = "12345-67890-12345"
        var nextCalled = false
        viewModel.onNext = { nextCalled = true }
        viewModel.handleNext()
        #expect(flowState.chipNumber == "123456789012345" && nextCalled)
        #expect(ChipNumberViewModel(flowState: flowState).chipNumberInput == "12345-67890-12345", "restored on return")
    }

    @Test func seed003sSummaryShowsThePasswordAsGivenAndCopiesIt() {
        let flowState = ReportMissingPetFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        let clipboard = RecordingClipboard()
        let viewModel = SummaryViewModel(flowState: flowState, clipboard: clipboard)
        #expect(viewModel.displayPassword == "")
        flowState.managementPassword = "5216577"
        #expect(viewModel.displayPassword == "5216577")
        viewModel.copyPasswordToClipboard()
        #expect(clipboard.copied == ["5216577"] && viewModel.showsCodeCopiedToast)
    }

    /// Without a cache given, a flow keeps its photo where the app does: `<Caches>/PetSpot/ReportMissingPet/`.
    @Test func aFlowStateWithoutACacheUsesTheAppsPhotoFolder() {
        let state = ReportMissingPetFlowState()
        #expect(state.status == .missing)
        #expect(state.photoAttachmentCache.directory.path.hasSuffix("/PetSpot/ReportMissingPet"))
        #expect(FoundPetReportFlowState().photoAttachmentCache.directory == state.photoAttachmentCache.directory)
    }

    /// Seed 004: the contact step's `onReportSent` is the coordinator's way to the summary (it read nil
    /// when the coordinator wired the step another way, found by a seed-derived test).
    @Test func seed004sContactStepTellsTheCoordinatorThroughOnReportSent() throws {
        let coordinator = MissingPetReportCoordinator(
            dependencies: ReportFlowDependencies(
                submissionService: FakeSubmissionService(), photoCacheDirectory: Fixtures.temporaryDirectory(), clipboard: RecordingClipboard(),
                makeToastScheduler: { ToastScheduler(clock: ManualClock()) }))
        coordinator.start()
        coordinator.navigateToContactDetails()
        let send = try #require(coordinator.contactDetailsViewModel?.onReportSent)
        send("5216577")
        #expect(coordinator.path.last == .summary && coordinator.flowState.managementPassword == "5216577")
        #expect(coordinator.summaryViewModel?.displayPassword == "5216577")
    }

    /// The reference app's details names (§2.5) read the loaded values, and its actions load and go back.
    @Test func referenceDetailsNamesReadTheLoadedValues() async throws {
        let repository = FakeAnnouncementRepository()
        await repository.setDetails(.success(Fixtures.announcement()))
        let viewModel = PetDetailsViewModel(announcementId: AnnouncementID("a1"), repository: repository)
        #expect(viewModel.formattedDate == nil)
        await viewModel.loadPetDetails()
        #expect(viewModel.formattedDate == "Nov 20, 2025" && viewModel.formattedCoordinates == "52.2297° N, 21.0122° E")
        #expect(viewModel.formattedMicrochip == "12345-67890-12345" && viewModel.genderSymbol != nil)
        var back = false
        viewModel.onBack = { back = true }
        viewModel.handleBack()
        #expect(back)
    }

    /// Seed 004's memberwise order builds the same body as the labelled one.
    @Test func seed004sRequestOrderBuildsTheSameBody() {
        let seedOrder = CreateAnnouncementRequest(
            species: "DOG", sex: "MALE", lastSeenDate: "2026-01-08", locationLatitude: 52.2, locationLongitude: 21.0,
            email: "owner@example.com", phone: "+48123456789", status: "MISSING", microchipNumber: "123456789012345", description: "Brown",
            reward: "100 PLN")
        #expect(seedOrder.pet.species == "DOG" && seedOrder.pet.microchipNumber == "123456789012345" && seedOrder.reward == "100 PLN")
        #expect(seedOrder.lastSeenDate == "2026-01-08" && seedOrder.email == "owner@example.com" && seedOrder.pet.description == "Brown")
    }
}
