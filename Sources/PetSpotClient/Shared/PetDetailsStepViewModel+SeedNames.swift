/// The reference app's and the seeds' names for the details step's actions and errors, on both flows'
/// steps (the Missing flow's description, the Found flow's pet details).
extension PetDetailsStepViewModel {
    public func handleSpeciesChange(_ species: AnimalSpecies) { speciesSelected(species) }
    public func handleRaceChange(_ text: String) { raceChanged(text) }
    public func handleGenderChange(_ gender: AnimalGender) { genderSelected(gender) }
    public func onContinueTapped() { continueTapped() }
    public func onBackTapped() { backTapped() }
    public func requestGPSPosition() async { await requestGPSPositionTapped() }
    /// Seed 002's name for Continue.
    public func handleNext() { continueTapped() }

    public var speciesErrorMessage: String? { errors.species }
    public var genderErrorMessage: String? { errors.gender }
    public var ageErrorMessage: String? { errors.age }
    public var latitudeErrorMessage: String? { errors.latitude }
    public var longitudeErrorMessage: String? { errors.longitude }
    /// Whether the "correct the errors" toast shows (`toastMessage` is its text).
    public var showToast: Bool { toastMessage != nil }
}
