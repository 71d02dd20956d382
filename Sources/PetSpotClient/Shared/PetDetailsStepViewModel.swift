import Foundation
import Observation

/// The description step both flows share (Missing 3/4, Found 2/3), written once: date, name, species,
/// race, gender, age, location and description, with the same rules, GPS and place search, toast and
/// Back. Each flow's view model adds only what is its own (the Found flow's collar, the progress, the
/// name of its Continue callback).
@MainActor @Observable
public class PetDetailsStepViewModel {
    /// The day; setting a day after today gives today (as picking one does).
    public var disappearanceDate: Date {
        get { day }
        set { day = min(newValue, now()) }
    }
    private var day: Date
    /// Optional: the pet's name (for a found pet, the name on a tag or one it answers to).
    public var petName = ""
    /// Setting it is choosing it (`speciesSelected`).
    public var selectedSpecies: AnimalSpecies? {
        get { species }
        set {
            if let newValue { speciesSelected(newValue) } else { species = nil }
        }
    }
    private var species: AnimalSpecies?
    /// The pet's one-line texts as typed (`PetText.plainLines`: the race, and any added since).
    public private(set) var texts: [PetText: String] = [:]
    public var race: String {
        get { texts[.breed] ?? "" }
        set { raceChanged(newValue) }
    }
    public var selectedGender: AnimalGender? {
        didSet { if selectedGender != nil { errors.gender = nil } }
    }
    /// Optional whole years, 0–40.
    public var age = ""
    public var latitude = ""
    public var longitude = ""
    /// At most 500 characters; anything past them is cut off.
    public var additionalDescription: String {
        get { details }
        set { details = PetDescriptionValidator.capped(newValue) }
    }
    private var details = ""
    public private(set) var errors = PetDescriptionErrors()
    public private(set) var toastMessage: String?
    /// Shown when GPS was requested but no position is available.
    public var showsLocationUnavailableAlert = false
    public let strings: LocalizedStrings
    /// The Found flow's collar or chip number as shown (with dashes); the Missing flow asks for the chip
    /// on its own step.
    var collar = ""
    @ObservationIgnored var onValid: (() -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    let flowState: any PetReportFlowStateProtocol
    private let toastScheduler: ToastScheduler
    private let locationProvider: (any CurrentLocationProviding)?
    private let now: () -> Date

    /// Each flow's step is made with its own flow state (`FoundPetReportFlowState` or `MissingPetReportFlowState`).
    public required init(
        flowState: any PetReportFlowStateProtocol, toastScheduler: ToastScheduler = ToastScheduler(),
        locationProvider: (any CurrentLocationProviding)? = nil,
        strings: LocalizedStrings = LocalizedStrings(), now: @escaping () -> Date = Date.init
    ) {
        self.flowState = flowState
        self.toastScheduler = toastScheduler
        self.locationProvider = locationProvider
        self.strings = strings
        self.now = now
        // What the flow holds comes back (Back, then forward again).
        day = min(flowState.disappearanceDate ?? now(), now())
        petName = flowState.petName ?? ""
        species = flowState.animalSpecies
        texts = flowState.petTexts
        selectedGender = flowState.animalGender
        age = flowState.animalAge.map(String.init) ?? ""
        latitude = PetDescriptionValidator.fieldText(flowState.animalLatitude)
        longitude = PetDescriptionValidator.fieldText(flowState.animalLongitude)
        details = flowState.animalAdditionalDescription ?? ""
        searchAnswers = flowState.searchAnswers
        if flowState.status == .found { collar = MicrochipNumberFormatter.format(flowState.chipNumber ?? "") }
    }

    /// The step's badge: 2/3 in the Found flow, 3/4 in the Missing flow.
    public var progress: ProgressIndicatorConfig {
        flowState.status == .found ? .foundFlow(step: 2) : .missingFlow(step: 3)
    }

    /// The latest date the picker offers (today).
    public var maximumDate: Date { now() }
    /// Race can be typed once a species is chosen.
    public var isRaceEnabled: Bool { selectedSpecies != nil }
    public var characterCountText: String {
        strings.format(.descriptionCharacterCount, additionalDescription.count, PetDescriptionValidator.maxDescriptionLength)
    }
    public var speciesOptions: [AnimalSpecies] { AnimalSpecies.allCases }
    /// The genders offered: male and female.
    public var genderOptions: [AnimalGender] { [.male, .female] }

    /// A date was picked; dates after today are not allowed.
    public func dateSelected(_ date: Date) {
        disappearanceDate = date
    }

    /// A species was chosen: the race typed for another species no longer applies.
    public func speciesSelected(_ species: AnimalSpecies) {
        if species != self.species { texts[.breed] = nil }
        self.species = species
        errors.species = nil
    }

    public func raceChanged(_ text: String) { textChanged(.breed, text) }

    /// Typing one of the pet's one-line texts, cut to its limit; the race once a species is chosen.
    public func textChanged(_ field: PetText, _ text: String) {
        guard field != .breed || isRaceEnabled else { return }
        texts[field] = text.limited(to: field.formLimit)
    }

    /// The label or placeholder of one of the pet's one-line texts (`animalDescription.raceLabel`).
    public func words(for field: PetText, _ words: PetText.AppWords) -> String {
        field.appKey(words).map { strings[$0] } ?? field.rawValue
    }

    public func genderSelected(_ gender: AnimalGender) {
        selectedGender = gender
    }

    /// The Missing flow's answers to its optional questions so far (`+SearchAnswers`).
    public internal(set) var searchAnswers = SearchAnswers()

    /// Typing in the description; anything past 500 characters is cut off.
    public func descriptionChanged(_ text: String) {
        additionalDescription = text
    }

    /// "Request GPS position": fill both coordinate fields, or explain that no position is available.
    public func requestGPSPositionTapped() async {
        guard let location = await locationProvider?.currentLocation() else {
            showsLocationUnavailableAlert = true
            return
        }
        usePosition(location)
    }

    /// A place chosen in the place search (`PlaceSearchViewModel`): its centre fills the coordinates.
    public func placeChosen(_ place: PlaceDTO) {
        usePosition(Coordinate(latitude: place.latitude, longitude: place.longitude))
    }

    private func usePosition(_ location: Coordinate) {
        latitude = PetDescriptionValidator.fieldText(location.latitude)
        longitude = PetDescriptionValidator.fieldText(location.longitude)
        errors.latitude = nil
        errors.longitude = nil
    }

    /// Continue: check every field; on success store them in the flow and go on, otherwise show the
    /// inline errors and "Please correct the highlighted fields" for 3 seconds.
    public func continueTapped() {
        let validator = PetDescriptionValidator(strings: strings)
        errors = validator.errors(species: selectedSpecies, gender: selectedGender, age: age, latitude: latitude, longitude: longitude)
        guard errors.isEmpty, case .valid(let location) = CoordinateInputValidator.validate(latitude: latitude, longitude: longitude) else {
            toastMessage = strings[.descriptionValidationToast]
            toastScheduler.schedule(after: .seconds(3)) { [weak self] in self?.toastMessage = nil }
            return
        }
        if flowState.status == .found {
            let digits = MicrochipNumberFormatter.extractDigits(collar)
            flowState.chipNumber = digits.isEmpty ? nil : digits
        }
        flowState.disappearanceDate = disappearanceDate
        flowState.petName = CreateAnnouncementRequestBuilder.text(petName)
        flowState.animalAge = validator.parsedAge(age)
        flowState.animalSpecies = selectedSpecies
        flowState.petTexts = texts.compactMapValues(CreateAnnouncementRequestBuilder.text)
        flowState.animalGender = selectedGender
        flowState.animalLatitude = location.latitude
        flowState.animalLongitude = location.longitude
        flowState.animalAdditionalDescription = additionalDescription.isEmpty ? nil : additionalDescription
        // Only the answers that fit the species chosen are kept (a cat's lifestyle is dropped for a dog).
        flowState.searchAnswers = flowState.status == .missing ? searchAnswers.fitting(species: selectedSpecies?.rawValue ?? "") : SearchAnswers()
        toastScheduler.cancel()
        toastMessage = nil
        onValid?()
    }

    /// Back: leave; what was typed stays with this screen until it is shown again.
    public func backTapped() {
        toastScheduler.cancel()
        onBack?()
    }
}
