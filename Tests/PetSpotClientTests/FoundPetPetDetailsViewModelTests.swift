import Foundation
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct FoundPetPetDetailsViewModelTests {
    let scheduler = ToastScheduler(clock: ManualClock())
    let flow = FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))

    func makeViewModel() -> FoundPetPetDetailsViewModel {
        FoundPetPetDetailsViewModel(flowState: flow, toastScheduler: scheduler)
    }

    @Test func isStepTwoOfThree() {
        #expect(makeViewModel().progress.displayText == "2/3")
    }

    @Test func collarDataIsFormattedLikeAMicrochip() {
        let viewModel = makeViewModel()
        viewModel.updateCollarData("123456789012345678")
        #expect(viewModel.formattedCollarData == "12345-67890-12345")
        #expect(viewModel.collarData == "123456789012345", "kept as digits, at most 15")
        viewModel.updateCollarData("12a34b56")
        #expect(viewModel.collarData == "123456" && viewModel.formattedCollarData == "12345-6")
        viewModel.collarData = "9-8 7"
        #expect(viewModel.collarData == "987" && viewModel.formattedCollarData == "987")
    }

    @Test func locationIsRequired() {
        let viewModel = makeViewModel()
        viewModel.speciesSelected(.cat)
        viewModel.genderSelected(.female)
        var movedOn = false
        viewModel.onContinue = { movedOn = true }
        viewModel.continueTapped()
        #expect(!movedOn)
        #expect(viewModel.errors.latitude == "Fill in latitude")
        #expect(viewModel.errors.longitude == "Fill in longitude")
        #expect(viewModel.toastMessage == "Please correct the highlighted fields")
    }

    @Test func speciesAndGenderAreRequired() {
        let viewModel = makeViewModel()
        viewModel.latitude = "50.0647"
        viewModel.longitude = "19.9450"
        viewModel.continueTapped()
        #expect(viewModel.errors.species == "Please select a species")
        #expect(viewModel.errors.gender == "Please select a gender")
    }

    @Test func shortCollarNumberDoesNotBlockContinueAndIsStoredAsDigits() {
        let viewModel = makeViewModel()
        var movedOn = false
        viewModel.onContinue = { movedOn = true }
        viewModel.updateCollarData("1234")
        viewModel.speciesSelected(.cat)
        viewModel.genderSelected(.female)
        viewModel.latitude = "50.0647"
        viewModel.longitude = "19.9450"
        viewModel.continueTapped()
        #expect(movedOn)
        #expect(flow.chipNumber == "1234")
        #expect(flow.animalLatitude == 50.0647)
        #expect(flow.petName == nil && flow.animalAge == nil)
    }

    /// Seed 000's data model has a name and an age for found pets too: optional, age 0–40 as in Missing.
    @Test func aFinderMayGiveANameAndAnAgeInRange() {
        let viewModel = makeViewModel()
        var movedOn = false
        viewModel.onContinue = { movedOn = true }
        viewModel.speciesSelected(.dog)
        viewModel.genderSelected(.unknown)
        viewModel.latitude = "50.0647"
        viewModel.longitude = "19.9450"
        viewModel.petName = "  Burek "
        viewModel.age = "41"
        viewModel.continueTapped()
        #expect(!movedOn && viewModel.errors.age == "Age must be between 0 and 40")
        viewModel.age = "7"
        viewModel.continueTapped()
        #expect(movedOn && flow.petName == "Burek" && flow.animalAge == 7)
    }

    @Test func emptyCollarIsStoredAsNil() {
        flow.chipNumber = "42"
        let viewModel = makeViewModel()
        #expect(viewModel.collarData == "42")
        viewModel.updateCollarData("")
        viewModel.speciesSelected(.dog)
        viewModel.genderSelected(.male)
        viewModel.latitude = "1"
        viewModel.longitude = "2"
        viewModel.continueTapped()
        #expect(flow.chipNumber == nil)
    }
}
