import Foundation
import Testing
@testable import PetSpotClient

/// What a view binds to a text field or picker can be set directly, as seed 004's `@Published` inputs
/// are, and setting it keeps the same rules as the step's actions: limits, digits only, no day after
/// today, a race cleared by another species. The seed's initialisers and metadata shape are accepted.
@MainActor
@Suite struct BoundInputsTests {
    let missing = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
    let found = FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))

    @Test func detailsInputsKeepTheirRulesWhenSet() {
        let today = Date(timeIntervalSince1970: 1_763_600_000)
        let details = MissingPetAnimalDescriptionViewModel(flowState: missing, now: { today })
        details.disappearanceDate = today.addingTimeInterval(86_400 * 3)
        #expect(details.disappearanceDate == today, "no day after today")
        details.selectedSpecies = .dog
        details.race = "Beagle"
        #expect(details.race == "Beagle")
        details.selectedSpecies = .cat
        #expect(details.race.isEmpty, "a race typed for a dog does not stay for a cat")
        details.additionalDescription = String(repeating: "a", count: 600)
        #expect(details.additionalDescription.count == 500)
        details.continueTapped()
        #expect(details.errors.gender != nil)
        details.selectedGender = .female
        #expect(details.errors.gender == nil, "choosing clears the error")
    }

    @Test func contactAndChipInputsKeepTheirRulesWhenSet() {
        let service = FakeSubmissionService()
        let contact = MissingPetContactDetailsViewModel(submissionService: service, flowState: missing)
        contact.rewardDescription = String(repeating: "r", count: 130)
        #expect(contact.rewardDescription.count == 120)
        let finder = FoundPetContactDetailsViewModel(submissionService: service, flowState: found)
        finder.currentAddress = String(repeating: "s", count: 501)
        #expect(finder.currentAddress.count == 500)
        let chip = MissingPetChipNumberViewModel(flowState: missing)
        chip.chipNumber = "1234a5678901234567"
        #expect(chip.chipNumber == "12345-67890-12345")
    }

    @Test func theSeedsShapesAreAccepted() {
        let url = URL(fileURLWithPath: "/tmp/photo.png")
        let metadata = PhotoAttachmentMetadata(cachedURL: url, mimeType: "image/png", fileSize: 2048, capturedAt: Date(timeIntervalSince1970: 5))
        #expect(metadata.imageType == .png && metadata.fileSize == 2048 && metadata.capturedAt == Date(timeIntervalSince1970: 5))
        #expect(metadata.fileName == "photo.png" && metadata.mimeType == "image/png")
        #expect(PetPhotoViewModel(flowState: found).progress.displayText == "1/3")
        #expect(PetPhotoViewModel(flowState: missing).progress.displayText == "2/4")
        #expect(FoundPetPetDetailsViewModel(flowState: found).progress.displayText == "2/3")
    }
}
