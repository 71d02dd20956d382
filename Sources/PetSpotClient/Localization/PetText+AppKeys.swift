extension PetText {
    public enum AppWords: Sendable { case label, placeholder, details }

    /// The app's key for the words of one of the pet's texts, named after its form field:
    /// `animalDescription.raceLabel`, `animalDescription.racePlaceholder`, `petDetails.label.animalRace`
    /// (a test checks that each exists in both languages).
    public func appKey(_ words: AppWords) -> StringKey? {
        let name = formField.rawValue
        switch words {
        case .label: return StringKey(rawValue: "animalDescription.\(name)Label")
        case .placeholder: return StringKey(rawValue: "animalDescription.\(name)Placeholder")
        case .details: return StringKey(rawValue: "petDetails.label.animal" + fieldTitle)
        }
    }
}
