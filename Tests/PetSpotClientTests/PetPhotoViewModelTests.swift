import Foundation
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct PetPhotoViewModelTests {
    let directory = Fixtures.temporaryDirectory()
    let clock = ManualClock()
    let flow: MissingPetReportFlowState
    let scheduler: ToastScheduler

    init() {
        flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
        scheduler = ToastScheduler(clock: clock)
    }

    func makeViewModel(_ variant: PetPhotoViewModel.Variant = .missing) -> PetPhotoViewModel {
        PetPhotoViewModel(flowState: flow, variant: variant, toastScheduler: scheduler)
    }

    @Test func pickingAPhotoAttachesIt() async {
        let viewModel = makeViewModel()
        await viewModel.photoPicked(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        #expect(viewModel.attachmentStatus == .ready)
        #expect(viewModel.attachedPhoto?.fileName == "rex.jpg")
        #expect(flow.photoAttachment?.imageType == .jpeg)
        #expect(flow.photoStatus == .ready)
        await flow.clear()
    }

    @Test func continueWithoutPhotoShowsMandatoryToastForThreeSeconds() async {
        let viewModel = makeViewModel()
        var movedOn = false
        viewModel.onNext = { movedOn = true }
        viewModel.continueTapped()
        #expect(!movedOn)
        #expect(viewModel.showsMandatoryToast)
        #expect(viewModel.strings[.photoMandatoryToast] == "Photo is mandatory")
        clock.advance(by: .milliseconds(2999))
        #expect(viewModel.showsMandatoryToast)
        clock.advance(by: .milliseconds(1))
        await scheduler.settle()
        #expect(!viewModel.showsMandatoryToast)
    }

    @Test func tappingAgainRestartsTheToastTimer() async {
        let viewModel = makeViewModel()
        viewModel.continueTapped()
        clock.advance(by: .seconds(2))
        viewModel.continueTapped()
        clock.advance(by: .seconds(2))
        await Task.yield()
        #expect(viewModel.showsMandatoryToast)
        clock.advance(by: .seconds(1))
        await scheduler.settle()
        #expect(!viewModel.showsMandatoryToast)
    }

    @Test func continueWithPhotoMovesOn() async {
        let viewModel = makeViewModel()
        var movedOn = false
        viewModel.onNext = { movedOn = true }
        await viewModel.photoPicked(PhotoSelection(data: Fixtures.png, fileName: "p.png"))
        viewModel.continueTapped()
        #expect(movedOn)
        await flow.clear()
    }

    @Test func unsupportedFileIsRefusedWithAMessage() async {
        let viewModel = makeViewModel()
        await viewModel.photoPicked(PhotoSelection(data: Fixtures.pdf, fileName: "scan.jpg"))
        #expect(viewModel.errorMessage == LocalizedStrings()[.photoErrorUnsupportedType])
        #expect(flow.photoAttachment == nil)
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    @Test func photoOverTenMegabytesIsRefusedWithAMessage() async {
        let viewModel = makeViewModel()
        let big = Fixtures.jpeg + Data(count: PhotoAttachmentValidator.maxBytes)
        await viewModel.photoPicked(PhotoSelection(data: big, fileName: "big.jpg"))
        #expect(viewModel.errorMessage == "This photo is larger than 10 MB. Choose a smaller one.")
        #expect(flow.photoAttachment == nil)
    }

    @Test func aRefusedReplacementDropsTheEarlierPhotoToo() async {
        let viewModel = makeViewModel()
        await viewModel.photoPicked(PhotoSelection(data: Fixtures.png, fileName: "p.png"))
        await viewModel.photoPicked(PhotoSelection(data: Fixtures.pdf, fileName: "x"))
        #expect(viewModel.attachedPhoto == nil)
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    @Test func removingThePhotoDeletesItAndMakesItMandatoryAgain() async {
        let viewModel = makeViewModel()
        await viewModel.photoPicked(PhotoSelection(data: Fixtures.gif, fileName: "g.gif"))
        await viewModel.removePhotoTapped()
        #expect(viewModel.attachmentStatus == .empty)
        #expect(flow.photoAttachment == nil)
        #expect(Fixtures.files(in: directory).isEmpty)
        viewModel.continueTapped()
        #expect(viewModel.showsMandatoryToast)
    }

    @Test func cancelledPickerChangesTheHelperLine() {
        let viewModel = makeViewModel()
        #expect(viewModel.helperMessage == "Please upload a photo of the missing animal.")
        viewModel.pickerCancelled()
        #expect(viewModel.helperMessage == "Select a photo to continue – you can browse again anytime.")
    }

    @Test func returningToTheStepShowsTheAttachedPhoto() async {
        await makeViewModel().photoPicked(PhotoSelection(data: Fixtures.heic, fileName: "h.heic"))
        let again = makeViewModel()
        #expect(again.attachedPhoto?.fileName == "h.heic")
        await flow.clear()
    }

    /// A flow given a photo directly (a restored flow, seed 000's test data) shows it and moves on.
    @Test func aPhotoPutInTheFlowIsShownAndCountsForContinue() async throws {
        let saved = try await flow.photoAttachmentCache.save(PhotoSelection(data: Fixtures.png, fileName: "rex.png"))
        flow.photoAttachment = saved
        flow.photoStatus = .empty
        let viewModel = makeViewModel()
        var movedOn = false
        viewModel.onNext = { movedOn = true }
        #expect(viewModel.attachmentStatus == .ready && viewModel.attachedPhoto == saved)
        viewModel.continueTapped()
        #expect(movedOn && !viewModel.showsMandatoryToast)
        await flow.clear()
    }

    @Test func stepBadgeAndCopyDependOnTheFlow() {
        #expect(makeViewModel(.missing).progress.displayText == "2/4")
        let found = makeViewModel(.found)
        #expect(found.progress.displayText == "1/3")
        #expect(found.title == "Upload photo")
        #expect(found.helperMessage == "Upload a clear photo of the pet you found. This helps the owner recognize them quickly.")
    }
}
