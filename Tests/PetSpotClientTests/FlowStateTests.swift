import Foundation
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct FlowStateTests {
    @Test func statusIsMissingOrFound() {
        let cache = PhotoAttachmentCache(directory: Fixtures.temporaryDirectory())
        #expect(MissingPetReportFlowState(photoAttachmentCache: cache).status == .missing)
        #expect(FoundPetReportFlowState(photoAttachmentCache: cache).status == .found)
    }

    @Test func clearEmptiesEveryFieldAndThePhotoCache() async throws {
        let directory = Fixtures.temporaryDirectory()
        let cache = PhotoAttachmentCache(directory: directory)
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        state.photoAttachment = try await cache.save(PhotoSelection(data: Fixtures.jpeg, fileName: "p.jpg"))
        state.photoStatus = .ready
        fill(state)
        state.caregiverPhoneNumber = "+48987654321"
        state.currentPhysicalAddress = "123 Main Street, Warsaw, Poland"
        await state.clear()
        #expect(state.chipNumber == nil && state.photoAttachment == nil && state.photoStatus == .empty)
        #expect(state.disappearanceDate == nil && state.animalSpecies == nil && state.animalRace == nil)
        #expect(state.animalGender == nil && state.animalAge == nil && state.petName == nil)
        #expect(state.animalLatitude == nil && state.animalLongitude == nil && state.animalAdditionalDescription == nil)
        #expect(state.contactDetails == nil && state.managementPassword == nil && state.pendingSubmission == nil)
        #expect(state.caregiverPhoneNumber == nil && state.currentPhysicalAddress == nil)
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    @Test func missingClearForgetsThePassword() async {
        let state = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        fill(state)
        await state.clear()
        #expect(state.managementPassword == nil)
        #expect(state.chipNumber == nil)
    }

    private func fill(_ state: any PetReportFlowStateProtocol) {
        state.chipNumber = "123456789012345"
        state.disappearanceDate = Date()
        state.animalSpecies = .dog
        state.animalRace = "Beagle"
        state.animalGender = .male
        state.animalAge = 3
        state.petName = "Rex"
        state.animalLatitude = 52.2297
        state.animalLongitude = 21.0122
        state.animalAdditionalDescription = "Brown"
        state.contactDetails = OwnerContactDetails(phone: "+48123456789", email: "finder@example.com")
        state.managementPassword = "467432"
    }
}

@Suite struct ProgressIndicatorConfigTests {
    @Test func showsStepOfTotal() {
        #expect(ProgressIndicatorConfig.standard.displayText == "1/4")
        #expect(ProgressIndicatorConfig.standard.with(step: 2).displayText == "2/4")
        #expect(ProgressIndicatorConfig.missingFlow(step: 4).displayText == "4/4")
        #expect(ProgressIndicatorConfig.foundFlow(step: 1).displayText == "1/3")
        #expect(ProgressIndicatorConfig.foundFlow(step: 3).displayText == "3/3")
    }
}
