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

    /// The collar/chip number, digits only (at most 15); setting it keeps only the digits.
    public var collarData: String {
        get { MicrochipNumberFormatter.extractDigits(collar) }
        set { updateCollarData(newValue) }
    }
    /// The number as shown, `00000-00000-00000`.
    public var formattedCollarData: String { collar }

    /// Typing in the collar field: ASCII digits only, at most 15, shown as `00000-00000-00000`.
    public func updateCollarData(_ input: String) {
        collar = MicrochipNumberFormatter.format(input)
    }
}
