import Foundation

/// Step 3/4 of the Missing flow: date, name, species, race, gender, age, location and description
/// (`PetDetailsStepViewModel`, which the Found flow's step shares).
@MainActor
public final class MissingPetAnimalDescriptionViewModel: PetDetailsStepViewModel {
    /// Called after a valid Continue.
    public var onNext: (() -> Void)? {
        get { onValid }
        set { onValid = newValue }
    }
}
