extension MissingPetChipNumberViewModel {
    /// Seed 001's name for typing in the field.
    public func formatChipNumber(_ input: String) { chipNumberChanged(input) }
    /// Seed 001's name for Continue.
    public func handleNext() { continueTapped() }
    /// Seed 001's name for the X button.
    public func handleBack() async { await backTapped() }
}
