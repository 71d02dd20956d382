import Observation

/// The "Report created" screen: shows the management password, copies it on tap with a 2-second
/// "Code copied to clipboard" toast, and Close ends the flow.
@MainActor @Observable
public final class MissingPetSummaryViewModel {
    public private(set) var showsCodeCopiedToast = false
    public let strings: LocalizedStrings
    @ObservationIgnored public var onClose: (() -> Void)?
    /// Seed 002's Back on the summary (`handleBack()`), for a coordinator that offers it.
    @ObservationIgnored public var onBack: (() -> Void)?
    let flowState: MissingPetReportFlowState
    private let clipboard: any Clipboard
    private let toastScheduler: ToastScheduler

    public init(
        flowState: MissingPetReportFlowState, clipboard: any Clipboard = MemoryClipboard(), toastScheduler: ToastScheduler = ToastScheduler(),
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.flowState = flowState
        self.clipboard = clipboard
        self.toastScheduler = toastScheduler
        self.strings = strings
    }

    /// The management password as the server gave it; empty when there is none.
    public var displayPassword: String { flowState.managementPassword ?? "" }
    public var title: String { strings[.reportCreatedTitle] }
    public var bodyParagraph1: String { strings[.reportCreatedBodyParagraph1] }
    public var bodyParagraph2: String { strings[.reportCreatedBodyParagraph2] }
    public var closeButtonTitle: String { strings[.reportCreatedCloseButton] }
    public var codeCopiedMessage: String { strings[.reportCreatedCodeCopied] }

    /// The password was tapped: copy it and confirm for 2 seconds (nothing happens without a password).
    public func copyPasswordToClipboard() {
        guard !displayPassword.isEmpty else { return }
        clipboard.copy(displayPassword)
        showsCodeCopiedToast = true
        toastScheduler.schedule(after: .seconds(2)) { [weak self] in self?.showsCodeCopiedToast = false }
    }

    /// Close: leave the flow (the coordinator clears everything).
    public func closeTapped() {
        toastScheduler.cancel()
        showsCodeCopiedToast = false
        onClose?()
    }
}
