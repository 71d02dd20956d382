import Testing
@testable import PetSpotClient

@MainActor
@Suite struct MissingPetSummaryViewModelTests {
    let clock = ManualClock()
    let scheduler: ToastScheduler
    let clipboard = RecordingClipboard()
    let flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))

    init() { scheduler = ToastScheduler(clock: clock) }

    func makeViewModel(_ strings: LocalizedStrings = LocalizedStrings()) -> MissingPetSummaryViewModel {
        MissingPetSummaryViewModel(flowState: flow, clipboard: clipboard, toastScheduler: scheduler, strings: strings)
    }

    @Test(arguments: [("5216577", "5216577"), ("", ""), ("12345678901234567890", "12345678901234567890")])
    func showsThePasswordAsItIs(password: String, shown: String) {
        flow.managementPassword = password
        #expect(makeViewModel().displayPassword == shown)
    }

    @Test func noPasswordShowsEmptyText() {
        flow.managementPassword = nil
        #expect(makeViewModel().displayPassword == "")
    }

    @Test func tappingThePasswordCopiesItAndConfirmsForTwoSeconds() async {
        flow.managementPassword = "467432"
        let viewModel = makeViewModel()
        viewModel.copyPasswordToClipboard()
        #expect(clipboard.copied == ["467432"])
        #expect(viewModel.showsCodeCopiedToast)
        #expect(viewModel.codeCopiedMessage == "Code copied to clipboard")
        clock.advance(by: .milliseconds(1999))
        #expect(viewModel.showsCodeCopiedToast)
        clock.advance(by: .milliseconds(1))
        await scheduler.settle()
        #expect(!viewModel.showsCodeCopiedToast)
    }

    @Test func nothingIsCopiedWithoutAPassword() {
        flow.managementPassword = nil
        let viewModel = makeViewModel()
        viewModel.copyPasswordToClipboard()
        #expect(clipboard.copied.isEmpty)
        #expect(!viewModel.showsCodeCopiedToast)
    }

    @Test func closeLeavesTheFlow() async {
        let viewModel = makeViewModel()
        var closed = false
        viewModel.onClose = { closed = true }
        viewModel.closeTapped()
        #expect(closed)
    }

    @Test func textsInPolish() {
        let viewModel = makeViewModel(LocalizedStrings(language: .polish))
        #expect(viewModel.title == "Raport utworzony")
        #expect(viewModel.closeButtonTitle == "Zamknij")
        #expect(viewModel.codeCopiedMessage == "Skopiowano kod do schowka")
    }
}
