extension MissingPetChipNumberViewModel {
    /// Seed 002's name for the field's text.
    public var chipNumberInput: String {
        get { chipNumber }
        set { chipNumber = newValue }
    }
    /// Seed 001's name for typing in the field.
    public func formatChipNumber(_ input: String) { chipNumberChanged(input) }
    /// Seed 001's name for Continue.
    public func handleNext() { continueTapped() }
    /// Seed 001's name for the X button.
    public func handleBack() { backTapped() }
}
