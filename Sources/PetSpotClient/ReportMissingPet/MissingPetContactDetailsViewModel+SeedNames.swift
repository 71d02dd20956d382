extension MissingPetContactDetailsViewModel {
    /// Seed 004's name for Continue: validate and submit.
    public func submitForm() async { await continueTapped() }
    /// The reference app's name for Back.
    public func handleBack() { backTapped() }
}
