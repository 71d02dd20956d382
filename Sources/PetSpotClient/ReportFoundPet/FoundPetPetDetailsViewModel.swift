import Foundation

/// Step 2/3 of the Found flow: date, collar data (microchip), the name and approximate age when the
/// finder knows them (seed 000's data model has both; age 0–40), species, race, gender, required
/// location and description (`PetDetailsStepViewModel`, which the Missing flow's step shares).
@MainActor
public final class FoundPetPetDetailsViewModel: PetDetailsStepViewModel {
    /// Called after a valid Continue.
    public var onContinue: (() -> Void)? {
        get { onValid }
        set { onValid = newValue }
    }

    /// The collar/chip number as shown (with dashes); stored as digits only.
    public var collarData: String { collar }
    public var formattedCollarData: String { collar }

    /// Typing in the collar field: ASCII digits only, at most 15, shown as `00000-00000-00000`.
    public func updateCollarData(_ input: String) {
        collar = MicrochipNumberFormatter.format(input)
    }
}
