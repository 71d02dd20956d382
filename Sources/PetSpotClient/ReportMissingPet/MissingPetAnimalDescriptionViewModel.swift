import Foundation
import Observation

/// Step 3/4 of the Missing flow: date, name, species, race, gender, age, location and description.
@MainActor @Observable
public final class MissingPetAnimalDescriptionViewModel {
    public private(set) var disappearanceDate: Date
    public var petName = ""
    public private(set) var selectedSpecies: AnimalSpecies?
    public private(set) var race = ""
    public private(set) var selectedGender: AnimalGender?
    public var age = ""
    public var latitude = ""
    public var longitude = ""
    public private(set) var additionalDescription = ""
    public private(set) var errors = PetDescriptionErrors()
    public private(set) var toastMessage: String?
    /// Shown when GPS was requested but no position is available.
    public var showsLocationUnavailableAlert = false
    public let progress = ProgressIndicatorConfig.missingFlow(step: 3)
    public let strings: LocalizedStrings
    @ObservationIgnored public var onNext: (() -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    private let flowState: MissingPetReportFlowState
    private let toastScheduler: ToastScheduler
    private let locationProvider: (any CurrentLocationProviding)?
    private let now: () -> Date

    public init(flowState: MissingPetReportFlowState, toastScheduler: ToastScheduler,
                locationProvider: (any CurrentLocationProviding)? = nil,
                strings: LocalizedStrings = LocalizedStrings(), now: @escaping () -> Date = Date.init) {
        self.flowState = flowState
        self.toastScheduler = toastScheduler
        self.locationProvider = locationProvider
        self.strings = strings
        self.now = now
        disappearanceDate = min(flowState.disappearanceDate ?? now(), now())
        restore(from: flowState)
    }

    private func restore(from flow: MissingPetReportFlowState) {
        petName = flow.petName ?? ""
        selectedSpecies = flow.animalSpecies
        race = flow.animalRace ?? ""
        selectedGender = flow.animalGender
        age = flow.animalAge.map(String.init) ?? ""
        latitude = PetDescriptionValidator.fieldText(flow.animalLatitude)
        longitude = PetDescriptionValidator.fieldText(flow.animalLongitude)
        additionalDescription = flow.animalAdditionalDescription ?? ""
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
}

extension MissingPetAnimalDescriptionViewModel {
    /// A date was picked; dates after today are not allowed.
    public func dateSelected(_ date: Date) {
        disappearanceDate = min(date, now())
    }

    /// A species was chosen: the race typed for another species no longer applies.
    public func speciesSelected(_ species: AnimalSpecies) {
        if species != selectedSpecies { race = "" }
        selectedSpecies = species
        errors.species = nil
    }

    public func raceChanged(_ text: String) {
        guard isRaceEnabled else { return }
        race = text
    }

    public func genderSelected(_ gender: AnimalGender) {
        selectedGender = gender
        errors.gender = nil
    }

    /// Typing in the description; anything past 500 characters is cut off.
    public func descriptionChanged(_ text: String) {
        additionalDescription = PetDescriptionValidator.capped(text)
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

    /// Continue: check every field; on success store them and go to the contact step, otherwise show the
    /// inline errors and "Please correct the highlighted fields" for 3 seconds.
    public func continueTapped() {
        let validator = PetDescriptionValidator(strings: strings)
        errors = validator.errors(species: selectedSpecies, gender: selectedGender, age: age,
                                  latitude: latitude, longitude: longitude)
        guard errors.isEmpty, case .valid(let location) = CoordinateInputValidator.validate(latitude: latitude, longitude: longitude) else {
            return showToast(strings[.descriptionValidationToast])
        }
        save(location: location, age: validator.parsedAge(age))
        toastScheduler.cancel()
        toastMessage = nil
        onNext?()
    }

    private func save(location: Coordinate, age: Int?) {
        flowState.disappearanceDate = disappearanceDate
        flowState.petName = CreateAnnouncementRequestBuilder.text(petName)
        flowState.animalSpecies = selectedSpecies
        flowState.animalRace = CreateAnnouncementRequestBuilder.text(race)
        flowState.animalGender = selectedGender
        flowState.animalAge = age
        flowState.animalLatitude = location.latitude
        flowState.animalLongitude = location.longitude
        flowState.animalAdditionalDescription = additionalDescription.isEmpty ? nil : additionalDescription
    }

    /// Back: leave without saving this screen's edits.
    public func backTapped() {
        toastScheduler.cancel()
        onBack?()
    }

    private func showToast(_ message: String) {
        toastMessage = message
        toastScheduler.schedule(after: .seconds(3)) { [weak self] in self?.toastMessage = nil }
    }
}
