extension MissingPetAnimalDescriptionViewModel {
    /// The reference app's names for the description step's actions.
    public func handleSpeciesChange(_ species: AnimalSpecies) { speciesSelected(species) }
    public func handleRaceChange(_ text: String) { raceChanged(text) }
    public func handleGenderChange(_ gender: AnimalGender) { genderSelected(gender) }
    public func onContinueTapped() { continueTapped() }
    public func onBackTapped() { backTapped() }
    public func requestGPSPosition() async { await requestGPSPositionTapped() }
}
