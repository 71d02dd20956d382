import Foundation
import Observation

/// Step 2/3 of the Found flow: date, collar data (microchip), the name and approximate age when the
/// finder knows them (seed 000's data model has both; age 0–40), species, race, gender, required
/// location and description.
@MainActor @Observable
public final class FoundPetPetDetailsViewModel {
    public private(set) var disappearanceDate: Date
    /// The collar/chip number as shown (with dashes); stored as digits only.
    public private(set) var collarData = ""
    /// Optional: the name on a tag, or one the pet answers to.
    public var petName = ""
    /// Optional whole years, 0–40.
    public var age = ""
    public private(set) var selectedSpecies: AnimalSpecies?
    public private(set) var race = ""
    public private(set) var selectedGender: AnimalGender?
    public var latitude = ""
    public var longitude = ""
    public private(set) var additionalDescription = ""
    public private(set) var errors = PetDescriptionErrors()
    public private(set) var toastMessage: String?
    public var showsLocationUnavailableAlert = false
    public let progress = ProgressIndicatorConfig.foundFlow(step: 2)
    public let strings: LocalizedStrings
    @ObservationIgnored public var onContinue: (() -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    private let flowState: FoundPetReportFlowState
    private let toastScheduler: ToastScheduler
    private let locationProvider: (any CurrentLocationProviding)?
    private let now: () -> Date

    public init(flowState: FoundPetReportFlowState, toastScheduler: ToastScheduler,
                locationProvider: (any CurrentLocationProviding)? = nil,
                strings: LocalizedStrings = LocalizedStrings(), now: @escaping () -> Date = Date.init) {
        self.flowState = flowState
        self.toastScheduler = toastScheduler
        self.locationProvider = locationProvider
        self.strings = strings
        self.now = now
        disappearanceDate = min(flowState.disappearanceDate ?? now(), now())
        collarData = MicrochipNumberFormatter.format(flowState.chipNumber ?? "")
        petName = flowState.petName ?? ""
        age = flowState.animalAge.map(String.init) ?? ""
        selectedSpecies = flowState.animalSpecies
        race = flowState.animalRace ?? ""
        selectedGender = flowState.animalGender
        latitude = PetDescriptionValidator.fieldText(flowState.animalLatitude)
        longitude = PetDescriptionValidator.fieldText(flowState.animalLongitude)
        additionalDescription = flowState.animalAdditionalDescription ?? ""
    }

    public var maximumDate: Date { now() }
    public var isRaceEnabled: Bool { selectedSpecies != nil }
    public var formattedCollarData: String { collarData }
    public var characterCountText: String {
        strings.format(.descriptionCharacterCount, additionalDescription.count, PetDescriptionValidator.maxDescriptionLength)
    }
    public var speciesOptions: [AnimalSpecies] { AnimalSpecies.allCases }
    public var genderOptions: [AnimalGender] { [.male, .female] }
}

extension FoundPetPetDetailsViewModel {
    public func dateSelected(_ date: Date) {
        disappearanceDate = min(date, now())
    }

    /// Typing in the collar field: ASCII digits only, at most 15, shown as `00000-00000-00000`.
    public func updateCollarData(_ input: String) {
        collarData = MicrochipNumberFormatter.format(input)
    }

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

    public func descriptionChanged(_ text: String) {
        additionalDescription = PetDescriptionValidator.capped(text)
    }

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

    /// Continue: validate; on success store everything (collar digits as the chip number) and go on.
    public func continueTapped() {
        let validator = PetDescriptionValidator(strings: strings)
        errors = validator.errors(species: selectedSpecies, gender: selectedGender, age: age, latitude: latitude, longitude: longitude)
        guard errors.isEmpty, case .valid(let location) = CoordinateInputValidator.validate(latitude: latitude, longitude: longitude) else {
            toastMessage = strings[.descriptionValidationToast]
            toastScheduler.schedule(after: .seconds(3)) { [weak self] in self?.toastMessage = nil }
            return
        }
        let digits = MicrochipNumberFormatter.extractDigits(collarData)
        flowState.chipNumber = digits.isEmpty ? nil : digits
        flowState.disappearanceDate = disappearanceDate
        flowState.petName = CreateAnnouncementRequestBuilder.text(petName)
        flowState.animalAge = validator.parsedAge(age)
        flowState.animalSpecies = selectedSpecies
        flowState.animalRace = CreateAnnouncementRequestBuilder.text(race)
        flowState.animalGender = selectedGender
        flowState.animalLatitude = location.latitude
        flowState.animalLongitude = location.longitude
        flowState.animalAdditionalDescription = additionalDescription.isEmpty ? nil : additionalDescription
        toastScheduler.cancel()
        toastMessage = nil
        onContinue?()
    }

    public func backTapped() {
        toastScheduler.cancel()
        onBack?()
    }
}
