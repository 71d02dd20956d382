import Foundation

/// Step 3/4 of the Missing flow: date, name, species, race, gender, age, location and description
/// (`PetDetailsStepViewModel`, which the Found flow's step shares).
@MainActor
public final class MissingPetAnimalDescriptionViewModel: PetDetailsStepViewModel {
    public let progress = ProgressIndicatorConfig.missingFlow(step: 3)
    /// Called after a valid Continue.
    public var onNext: (() -> Void)? {
        get { onValid }
        set { onValid = newValue }
    }

    public init(flowState: MissingPetReportFlowState, toastScheduler: ToastScheduler,
                locationProvider: (any CurrentLocationProviding)? = nil,
                strings: LocalizedStrings = LocalizedStrings(), now: @escaping () -> Date = Date.init) {
        super.init(flowState: flowState, toastScheduler: toastScheduler, locationProvider: locationProvider, strings: strings, now: now)
    }
}
