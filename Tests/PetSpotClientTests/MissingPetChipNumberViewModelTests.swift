import Testing
@testable import PetSpotClient

@MainActor
@Suite struct MissingPetChipNumberViewModelTests {
    let flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))

    @Test func startsEmptyAtStepOneOfFour() {
        let viewModel = MissingPetChipNumberViewModel(flowState: flow)
        #expect(viewModel.chipNumber == "")
        #expect(viewModel.progress.displayText == "1/4")
    }

    @Test func formatsAsTheOwnerTypes() {
        let viewModel = MissingPetChipNumberViewModel(flowState: flow)
        viewModel.chipNumberChanged("12a34b56")
        #expect(viewModel.chipNumber == "12345-6")
        viewModel.chipNumberChanged("1234567890123456")
        #expect(viewModel.chipNumber == "12345-67890-12345")
    }

    @Test func continueStoresDigitsOnlyAndMovesOn() {
        let viewModel = MissingPetChipNumberViewModel(flowState: flow)
        var movedOn = false
        viewModel.onNext = { movedOn = true }
        viewModel.chipNumberChanged("12345-67890-12345")
        viewModel.continueTapped()
        #expect(flow.chipNumber == "123456789012345")
        #expect(movedOn)
    }

    @Test func continueWithoutNumberStoresNil() {
        flow.chipNumber = "999"
        let viewModel = MissingPetChipNumberViewModel(flowState: flow)
        viewModel.chipNumberChanged("")
        viewModel.continueTapped()
        #expect(flow.chipNumber == nil)
    }

    @Test func returningShowsTheSavedNumberFormatted() {
        flow.chipNumber = "1234567890"
        #expect(MissingPetChipNumberViewModel(flowState: flow).chipNumber == "12345-67890")
    }

    @Test func backLeavesTheFlow() async {
        let viewModel = MissingPetChipNumberViewModel(flowState: flow)
        var left = false
        viewModel.onBack = { left = true }
        viewModel.backTapped()
        #expect(left)
    }
}
