import Foundation
import Observation

/// The photo step of both flows (Missing 2/4, Found 1/3): pick, replace or remove the pet's photo; the
/// photo is mandatory to continue.
@MainActor @Observable
public final class PetPhotoViewModel {
    /// Which flow the step belongs to; it decides the copy and the step badge.
    public enum Variant: Sendable { case missing, found }

    public let variant: Variant
    public let strings: LocalizedStrings
    public private(set) var showsMandatoryToast = false
    public private(set) var pickerWasCancelled = false
    public private(set) var isProcessingSelection = false
    @ObservationIgnored public var onNext: (() -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    /// The person asked to pick a photo: the screen (or coordinator) opens the picker (seed 002).
    @ObservationIgnored public var onSelectPhoto: (() -> Void)?
    private let flowState: any PetReportFlowStateProtocol
    private let toastScheduler: ToastScheduler

    public init(
        flowState: any PetReportFlowStateProtocol, variant: Variant, toastScheduler: ToastScheduler,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.flowState = flowState
        self.variant = variant
        self.toastScheduler = toastScheduler
        self.strings = strings
        // The status follows the attached photo: one attached (its file in the cache) is ready, none is empty.
        if let attached = flowState.photoAttachment {
            if FileManager.default.fileExists(atPath: attached.cachedURL.path) { flowState.photoStatus = .ready }
        } else if flowState.photoStatus == .ready {
            flowState.photoStatus = .empty
        }
    }

    public var attachmentStatus: PhotoAttachmentStatus { flowState.photoStatus }
    /// The attached photo shown on the confirmation card.
    public var attachedPhoto: PhotoAttachmentMetadata? { attachmentStatus == .ready ? flowState.photoAttachment : nil }
    public var errorMessage: String? {
        if case .error(let message) = attachmentStatus { return message }
        return nil
    }
    public var progress: ProgressIndicatorConfig {
        variant == .missing ? .missingFlow(step: 2) : .foundFlow(step: 1)
    }
    public var title: String { strings[variant == .missing ? .photoTitle : .foundPhotoHeading] }
    /// The line under the title: the Missing flow's helper (changes after a cancelled pick) or the Found
    /// flow's explanation.
    public var helperMessage: String {
        switch variant {
        case .found: return strings[.foundPhotoBody]
        case .missing: return strings[pickerWasCancelled ? .photoHelperPickerCancelled : .photoHelperRequired]
        }
    }
}

extension PetPhotoViewModel {
    /// The person picked a photo: check it, save it to the flow's cache and attach it.
    public func photoPicked(_ selection: PhotoSelection) async {
        isProcessingSelection = true
        defer { isProcessingSelection = false }
        flowState.photoStatus = .loading(progress: nil)
        do {
            let metadata = try await flowState.photoAttachmentCache.save(selection)
            flowState.photoAttachment = metadata
            flowState.photoStatus = .ready
            pickerWasCancelled = false
        } catch {
            try? await flowState.photoAttachmentCache.clearCurrent()
            flowState.photoAttachment = nil
            flowState.photoStatus = .error(message: error.message(strings))
        }
    }

    /// The person closed the picker without choosing.
    public func pickerCancelled() {
        pickerWasCancelled = true
    }

    /// The remove (X) button on the confirmation card.
    public func removePhotoTapped() async {
        try? await flowState.photoAttachmentCache.clearCurrent()
        flowState.photoAttachment = nil
        flowState.photoStatus = .empty
    }

    /// Continue: go on with a photo, otherwise show "Photo is mandatory" for 3 seconds.
    public func continueTapped() {
        guard attachedPhoto != nil else { return showMandatoryToast() }
        toastScheduler.cancel()
        showsMandatoryToast = false
        onNext?()
    }

    public func backTapped() {
        toastScheduler.cancel()
        onBack?()
    }

    private func showMandatoryToast() {
        showsMandatoryToast = true
        toastScheduler.schedule(after: .seconds(3)) { [weak self] in self?.showsMandatoryToast = false }
    }
}

/// Step 2/4 of the Missing flow.
public typealias MissingPetPhotoViewModel = PetPhotoViewModel
/// Step 1/3 of the Found flow.
public typealias FoundPetPhotoViewModel = PetPhotoViewModel
