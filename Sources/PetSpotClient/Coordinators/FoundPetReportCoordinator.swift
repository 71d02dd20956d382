import Foundation
import Observation

/// A screen pushed on the Found flow's stack (the photo step is the root).
public enum FoundPetReportRoute: Hashable, Sendable {
    case petDetails, contactInformation
}

/// Runs the Found flow (photo 1/3 → pet details 2/3 → contact information 3/3) as navigation state.
/// A successful submission ends the flow and leaves a confirmation for the caller to show.
@MainActor @Observable
public final class FoundPetReportCoordinator: ReportFlowExit {
    /// The pushed screens, for a NavigationStack to bind; removing routes drops their screens.
    public var path: [FoundPetReportRoute] = [] {
        didSet { dropScreensOffPath() }
    }
    @ObservationIgnored private var parked = ParkedScreens<FoundPetReportRoute>()
    public private(set) var isPresented = false
    public private(set) var photoViewModel: FoundPetPhotoViewModel?
    public private(set) var petDetailsViewModel: FoundPetPetDetailsViewModel?
    public private(set) var contactInformationViewModel: FoundPetContactDetailsViewModel?
    /// Set when a report was sent; the caller shows it and then clears it.
    public var confirmation: FoundPetReportConfirmation?
    public let flowState: FoundPetReportFlowState
    @ObservationIgnored public var onReportSent: ((FoundPetReportConfirmation) -> Void)?
    /// The cached photo's deletion the last exit started (`exitFlow() async` waits for it).
    @ObservationIgnored public private(set) var clearing: Task<Void, Never>?
    private let dependencies: ReportFlowDependencies

    /// `flowState` nil: a new one over a photo cache in `dependencies.photoCacheDirectory`.
    public init(dependencies: ReportFlowDependencies, flowState: FoundPetReportFlowState? = nil) {
        self.dependencies = dependencies
        self.flowState =
            flowState ?? FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: dependencies.photoCacheDirectory))
    }

    /// Shows the flow at step 1/3.
    public func start() {
        confirmation = nil
        navigateToPhoto()
        isPresented = true
    }

    public func navigateToPhoto() {
        let viewModel = PetPhotoViewModel(
            flowState: flowState, variant: .found,
            toastScheduler: dependencies.makeToastScheduler(), strings: dependencies.strings)
        viewModel.onNext = { [weak self] in self?.navigateToPetDetails() }
        viewModel.onBack = { [weak self] in self?.exitFlow() }
        photoViewModel = viewModel
        path = []
    }

    public func navigateToPetDetails() {
        petDetailsViewModel = parked.detailsStep(
            .petDetails, flowState: flowState, dependencies: dependencies,
            next: { [weak self] in self?.navigateToContactInformation() }, back: { [weak self] in self?.goBack() })
        path.append(.petDetails)
    }

    public func navigateToContactInformation() {
        let make = { [flowState, dependencies] in
            FoundPetContactDetailsViewModel(flowState: flowState, submissionService: dependencies.submissionService, strings: dependencies.strings)
        }
        contactInformationViewModel = parked.contactStep(
            .contactInformation, make: make,
            sent: { [weak self] in self?.reportSent(managementPassword: $0) },
            back: { [weak self] in self?.goBack() })
        path.append(.contactInformation)
    }

    public func goBack() {
        guard !path.isEmpty else { return }
        path.removeLast()
    }

    /// Ends the flow (X, or a report sent): dismisses it and clears every field at once; the cached
    /// photo is deleted in the background (`clearing`).
    public func exitFlow() {
        path = []
        parked.removeAll()
        photoViewModel = nil
        isPresented = false
        clearing = flowState.clearInBackground()
    }

    public func progressIndicator(for route: FoundPetReportRoute?) -> ProgressIndicatorConfig {
        switch route {
        case nil: return .foundFlow(step: 1)
        case .petDetails: return .foundFlow(step: 2)
        case .contactInformation: return .foundFlow(step: 3)
        }
    }

    private func reportSent(managementPassword: String) {
        let confirmation = FoundPetReportConfirmation(managementPassword: managementPassword, strings: dependencies.strings)
        exitFlow()
        self.confirmation = confirmation
        onReportSent?(confirmation)
    }

    private func dropScreensOffPath() {
        petDetailsViewModel = parked.keep(petDetailsViewModel, as: .petDetails, on: path)
        contactInformationViewModel = parked.keep(contactInformationViewModel, as: .contactInformation, on: path)
    }
}
