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
}
