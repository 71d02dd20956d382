/// The Missing flow's optional questions: which apply to the chosen species (a cat's lifestyle, a dog's
/// temperament; new to the area for any), and the answers.
extension PetDetailsStepViewModel {
    public var asksLifestyle: Bool { flowState.status == .missing && selectedSpecies == .cat }
    public var asksTemperament: Bool { flowState.status == .missing && selectedSpecies == .dog }
    public var asksNewToArea: Bool { flowState.status == .missing }

    public func lifestyleSelected(_ lifestyle: SearchAnswers.Lifestyle?) { searchAnswers.lifestyle = lifestyle }
    public func temperamentSelected(_ temperament: SearchAnswers.Temperament?) { searchAnswers.temperament = temperament }
    public func newToAreaSelected(_ answer: Bool?) { searchAnswers.newToArea = answer }
}
