import Foundation
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct MissingPetAnimalDescriptionViewModelTests {
    let clock = ManualClock()
    let scheduler: ToastScheduler
    let flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
    let today = Date(timeIntervalSince1970: 1_763_600_000)

    init() { scheduler = ToastScheduler(clock: clock) }

    func makeViewModel(location: Coordinate? = nil) -> MissingPetAnimalDescriptionViewModel {
        MissingPetAnimalDescriptionViewModel(
            flowState: flow, toastScheduler: scheduler,
            locationProvider: FixedLocation(coordinate: location), now: { today })
    }

    func validViewModel() -> MissingPetAnimalDescriptionViewModel {
        let viewModel = makeViewModel()
        viewModel.speciesSelected(.dog)
        viewModel.genderSelected(.female)
        viewModel.latitude = "52.2297"
        viewModel.longitude = "21.0122"
        return viewModel
    }

    @Test func emptyFormShowsEveryRequiredMessageAndTheToast() async {
        let viewModel = makeViewModel()
        var movedOn = false
        viewModel.onNext = { movedOn = true }
        viewModel.continueTapped()
        #expect(!movedOn)
        #expect(viewModel.errors.species == "Please select a species")
        #expect(viewModel.errors.gender == "Please select a gender")
        #expect(viewModel.errors.latitude == "Fill in latitude")
        #expect(viewModel.errors.longitude == "Fill in longitude")
        #expect(viewModel.errors.age == nil)
        #expect(viewModel.toastMessage == "Please correct the highlighted fields")
        clock.advance(by: .seconds(3))
        await scheduler.settle()
        #expect(viewModel.toastMessage == nil)
    }

    @Test(
        arguments: [
            ("91", "0", "Latitude must be between -90 and 90", nil),
            ("-90.0001", "0", "Latitude must be between -90 and 90", nil),
            ("0", "180.5", nil, "Longitude must be between -180 and 180"),
            ("abc", "21", "Invalid coordinate format", nil),
            ("52,1", "21", "Invalid coordinate format", nil),
            ("52", "nan", nil, "Invalid coordinate format"),
            ("  ", "21", "Fill in latitude", nil),
            ("52", "", nil, "Fill in longitude"),
        ] as [(String, String, String?, String?)])
    func coordinateRules(latitude: String, longitude: String, latitudeError: String?, longitudeError: String?) {
        let viewModel = validViewModel()
        viewModel.latitude = latitude
        viewModel.longitude = longitude
        viewModel.continueTapped()
        #expect(viewModel.errors.latitude == latitudeError)
        #expect(viewModel.errors.longitude == longitudeError)
    }

    @Test(arguments: [("90", "180"), ("-90", "-180"), (" 52.5 ", " 21.25 ")])
    func boundariesAndSurroundingSpacesPass(latitude: String, longitude: String) throws {
        let viewModel = validViewModel()
        viewModel.latitude = latitude
        viewModel.longitude = longitude
        viewModel.continueTapped()
        #expect(viewModel.errors.isEmpty)
        #expect(flow.animalLatitude == Double(latitude.trimmingCharacters(in: .whitespaces)))
        #expect(flow.animalLongitude == Double(longitude.trimmingCharacters(in: .whitespaces)))
    }

    @Test(arguments: [("41", true), ("-1", true), ("five", true), ("2.5", true), ("0", false), ("40", false), ("", false)])
    func ageRule(age: String, rejected: Bool) {
        let viewModel = validViewModel()
        viewModel.age = age
        viewModel.continueTapped()
        #expect((viewModel.errors.age == "Age must be between 0 and 40") == rejected)
    }

    @Test func validFormIsSavedAndMovesOn() {
        let viewModel = validViewModel()
        var movedOn = false
        viewModel.onNext = { movedOn = true }
        viewModel.petName = "  Rex "
        viewModel.raceChanged(" Beagle ")
        viewModel.age = "5"
        viewModel.descriptionChanged("White paws")
        viewModel.continueTapped()
        #expect(movedOn)
        #expect(flow.petName == "Rex")
        #expect(flow.animalSpecies == .dog)
        #expect(flow.animalRace == "Beagle" && flow.petTexts == [.breed: "Beagle"])
        #expect(viewModel.words(for: .breed, .label) == "Animal race (optional)")
        #expect(flow.animalGender == .female)
        #expect(flow.animalAge == 5)
        #expect(flow.animalAdditionalDescription == "White paws")
        #expect(flow.disappearanceDate == today)
    }

    @Test func blankOptionalTextsAreStoredAsNil() {
        let viewModel = validViewModel()
        viewModel.petName = "   "
        viewModel.continueTapped()
        #expect(flow.petName == nil)
        #expect(flow.animalRace == nil)
        #expect(flow.animalAge == nil)
        #expect(flow.animalAdditionalDescription == nil)
    }

    @Test func choosingSpeciesOrGenderClearsItsError() {
        let viewModel = makeViewModel()
        viewModel.continueTapped()
        viewModel.speciesSelected(.cat)
        viewModel.genderSelected(.male)
        #expect(viewModel.errors.species == nil)
        #expect(viewModel.errors.gender == nil)
    }

    @Test func raceNeedsASpeciesAndIsResetWhenSpeciesChanges() {
        let viewModel = makeViewModel()
        viewModel.raceChanged("Beagle")
        #expect(viewModel.race == "" && !viewModel.isRaceEnabled)
        viewModel.speciesSelected(.dog)
        viewModel.raceChanged("Beagle")
        viewModel.speciesSelected(.cat)
        #expect(viewModel.race == "")
    }

    @Test func descriptionIsCappedAtFiveHundredCharacters() {
        let viewModel = makeViewModel()
        viewModel.descriptionChanged(String(repeating: "a", count: 600))
        #expect(viewModel.additionalDescription.count == 500)
        #expect(viewModel.characterCountText == "500/500")
    }

    @Test func futureDatesAreNotAccepted() {
        let viewModel = makeViewModel()
        #expect(viewModel.disappearanceDate == today)
        viewModel.dateSelected(today.addingTimeInterval(86_400 * 3))
        #expect(viewModel.disappearanceDate == today)
        viewModel.dateSelected(today.addingTimeInterval(-86_400))
        #expect(viewModel.disappearanceDate == today.addingTimeInterval(-86_400))
    }

    @Test func gpsFillsBothFieldsWithFiveDecimals() async {
        let viewModel = makeViewModel(location: Coordinate(latitude: 52.229676, longitude: 21.012229))
        await viewModel.requestGPSPositionTapped()
        #expect(viewModel.latitude == "52.22968")
        #expect(viewModel.longitude == "21.01223")
    }

    @Test func gpsUnavailableRaisesTheAlert() async {
        let viewModel = makeViewModel(location: nil)
        await viewModel.requestGPSPositionTapped()
        #expect(viewModel.showsLocationUnavailableAlert)
        #expect(viewModel.latitude == "")
    }

    @Test func backDoesNotSaveEdits() {
        let viewModel = validViewModel()
        var wentBack = false
        viewModel.onBack = { wentBack = true }
        viewModel.backTapped()
        #expect(wentBack)
        #expect(flow.animalSpecies == nil)
    }

    @Test func returningRestoresWhatWasSaved() {
        let first = validViewModel()
        first.age = "0"
        first.continueTapped()
        let again = makeViewModel()
        #expect(again.selectedSpecies == .dog && again.selectedGender == .female)
        #expect(again.age == "0")
        #expect(again.latitude == "52.22970")
        #expect(again.progress.displayText == "3/4")
    }
}

/// The Missing flow's description step asks how the pet lives, only the questions that fit the
/// species, keeps the answers in the flow state on Continue, and the request carries them.
@MainActor
@Suite struct SearchAnswersFlowTests {
    @Test func theStepAsksByTheSpeciesAndTheRequestCarriesTheAnswers() throws {
        let cache = PhotoAttachmentCache(directory: Fixtures.temporaryDirectory())
        let flow = MissingPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = MissingPetAnimalDescriptionViewModel(
            flowState: flow, toastScheduler: ToastScheduler(clock: ManualClock()),
            locationProvider: FixedLocation(coordinate: nil), now: { Date() })
        #expect(!viewModel.asksLifestyle && !viewModel.asksTemperament && viewModel.asksNewToArea)
        viewModel.speciesSelected(.cat)
        #expect(viewModel.asksLifestyle && !viewModel.asksTemperament)
        viewModel.lifestyleSelected(.indoorOnly)
        viewModel.temperamentSelected(.shy) // asked of a dog before the species changed
        viewModel.newToAreaSelected(true)
        viewModel.genderSelected(.female)
        viewModel.latitude = "52.2297"
        viewModel.longitude = "21.0122"
        viewModel.continueTapped()
        #expect(flow.searchAnswers == SearchAnswers(lifestyle: .indoorOnly, newToArea: true), "the dog's answer is not kept for a cat")
        flow.contactDetails = OwnerContactDetails(phone: "600700800", email: "o@example.com")
        let request = try CreateAnnouncementRequestBuilder().request(from: flow)
        #expect(request.lifestyle == "INDOOR_ONLY" && request.temperament == nil && request.newToArea == true)
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(json.contains("\"lifestyle\":\"INDOOR_ONLY\"") && json.contains("\"newToArea\":true"))

        // A Found flow never asks and never sends them.
        let found = FoundPetReportFlowState(photoAttachmentCache: cache)
        found.animalSpecies = .cat
        found.animalGender = .male
        found.disappearanceDate = Date()
        found.animalLatitude = 52.2
        found.animalLongitude = 21.0
        found.searchAnswers = SearchAnswers(lifestyle: .indoorOnly)
        found.contactDetails = OwnerContactDetails(phone: "600700800", email: "o@example.com")
        let foundRequest = try CreateAnnouncementRequestBuilder().request(from: found)
        #expect(foundRequest.lifestyle == nil && foundRequest.newToArea == nil)
    }
}
