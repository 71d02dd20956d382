import Foundation
import Observation

/// A screen pushed on the Missing flow's stack (the microchip step is the root).
public enum MissingPetReportRoute: Hashable, Sendable {
    case photo, animalDescription, contactDetails, summary
}

/// Runs the Missing flow as navigation state: `path` is what a NavigationStack binds to; each pushed
/// screen's view model lives while its route is on the path. Back keeps what was entered; exit clears it.
@MainActor @Observable
public final class MissingPetReportCoordinator: ReportFlowExit {
    /// The pushed screens, for a NavigationStack to bind; removing routes drops their screens.
    public var path: [MissingPetReportRoute] = [] {
        didSet { dropScreensOffPath() }
    }
    @ObservationIgnored private var parked = ParkedScreens<MissingPetReportRoute>()
    /// True while the flow is shown (the modal is presented).
    public private(set) var isPresented = false
    public private(set) var chipNumberViewModel: MissingPetChipNumberViewModel?
    public private(set) var photoViewModel: MissingPetPhotoViewModel?
    public private(set) var animalDescriptionViewModel: MissingPetAnimalDescriptionViewModel?
    public private(set) var contactDetailsViewModel: MissingPetContactDetailsViewModel?
    public private(set) var summaryViewModel: MissingPetSummaryViewModel?
    public let flowState: MissingPetReportFlowState
    /// Called once a report was sent (e.g. to refresh the list).
    @ObservationIgnored public var onReportSent: (() -> Void)?
    /// The cached photo's deletion the last exit started (`exitFlow() async` waits for it).
    @ObservationIgnored public private(set) var clearing: Task<Void, Never>?
    private let dependencies: ReportFlowDependencies

    /// `flowState` nil: a new one over a photo cache in `dependencies.photoCacheDirectory` (given: e.g. seed
    /// 002's `MockFlowState`, to see that leaving the flow clears it).
    public init(dependencies: ReportFlowDependencies, flowState: MissingPetReportFlowState? = nil) {
        self.dependencies = dependencies
        self.flowState =
            flowState ?? MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: dependencies.photoCacheDirectory))
    }

    /// Shows the flow at step 1/4.
    public func start() {
        let viewModel = MissingPetChipNumberViewModel(flowState: flowState, strings: dependencies.strings)
        viewModel.onNext = { [weak self] in self?.navigateToPhoto() }
        viewModel.onBack = { [weak self] in self?.exitFlow() }
        chipNumberViewModel = viewModel
        path = []
        isPresented = true
    }

    public func navigateToPhoto() {
        let viewModel = PetPhotoViewModel(
            flowState: flowState, variant: .missing,
            toastScheduler: dependencies.makeToastScheduler(), strings: dependencies.strings)
        viewModel.onNext = { [weak self] in self?.navigateToDescription() }
        viewModel.onBack = { [weak self] in self?.goBack() }
        photoViewModel = viewModel
        path.append(.photo)
    }

    public func navigateToDescription() {
        animalDescriptionViewModel = parked.detailsStep(
            .animalDescription, flowState: flowState, dependencies: dependencies,
            next: { [weak self] in self?.navigateToContactDetails() }, back: { [weak self] in self?.goBack() })
        path.append(.animalDescription)
    }

    public func navigateToContactDetails() {
        let make = { [flowState, dependencies] in
            MissingPetContactDetailsViewModel(flowState: flowState, submissionService: dependencies.submissionService, strings: dependencies.strings)
        }
        let step = parked.contactStep(.contactDetails, make: make, sent: nil, back: { [weak self] in self?.goBack() })
        // Seed 004's callback, so the step's `onReportSent` is what the coordinator listens to.
        step.onReportSent = { [weak self] in self?.navigateToSummary(managementPassword: $0) }
        contactDetailsViewModel = step
        path.append(.contactDetails)
    }

    /// After a successful submission: show "Report created" with the management password.
    public func navigateToSummary(managementPassword: String) {
        flowState.managementPassword = managementPassword
        let viewModel = MissingPetSummaryViewModel(
            flowState: flowState, clipboard: dependencies.clipboard,
            toastScheduler: dependencies.makeToastScheduler(), strings: dependencies.strings)
        viewModel.onClose = { [weak self] in self?.exitFlow() }
        summaryViewModel = viewModel
        path.append(.summary)
        onReportSent?()
    }

    /// One step back; the flow state keeps what earlier steps saved.
    public func goBack() {
        guard !path.isEmpty, path.last != .summary else { return }
        path.removeLast()
    }

    /// Ends the flow (X, Close): dismisses it and clears every field at once; the cached photo is
    /// deleted in the background (`clearing`).
    public func exitFlow() {
        path = []
        parked.removeAll()
        chipNumberViewModel = nil
        isPresented = false
        clearing = flowState.clearInBackground()
    }

    /// The progress badge for a step; none on the summary.
    public func progressIndicator(for route: MissingPetReportRoute?) -> ProgressIndicatorConfig? {
        switch route {
        case nil: return .missingFlow(step: 1)
        case .photo: return .missingFlow(step: 2)
        case .animalDescription: return .missingFlow(step: 3)
        case .contactDetails: return .missingFlow(step: 4)
        case .summary: return nil
        }
    }

    private func dropScreensOffPath() {
        if !path.contains(.photo) { photoViewModel = nil }
        animalDescriptionViewModel = parked.keep(animalDescriptionViewModel, as: .animalDescription, on: path)
        contactDetailsViewModel = parked.keep(contactDetailsViewModel, as: .contactDetails, on: path)
        if !path.contains(.summary) { summaryViewModel = nil }
    }
}
