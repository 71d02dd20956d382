import Foundation
import PetSpotAPI
import Testing
@testable import PetSpotClient

/// What the app sends on create: camelCase keys, and optional values left out rather than `null`
/// (the server rejects `null`).
@Suite struct CreateRequestEncodingTests {
    @Test func optionalValuesAreOmittedAndKeysAreCamelCase() throws {
        let request = CreateAnnouncementRequest(
            species: "DOG", sex: "MALE", locationLatitude: 52.2297, locationLongitude: 21.0122,
            email: "owner@example.com", phone: "+48123456789", lastSeenDate: "2025-11-20",
            status: "MISSING")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any])
        #expect(Set(object.keys) == ["species", "sex", "locationLatitude", "locationLongitude", "email", "phone", "lastSeenDate", "status"])
        #expect(object["locationLatitude"] as? Double == 52.2297)
    }
}

/// The owner's private trait goes from the Missing flow's contact step into the request (the
/// server keeps it out of every public answer); a Found flow never sends one.
@MainActor
@Suite struct PrivateTraitRequestTests {
    /// And either flow may keep its contact private (relayed).
    @Test func theMissingFlowSendsThePrivateTraitAndTheFoundFlowNever() throws {
        let cache = PhotoAttachmentCache(directory: Fixtures.temporaryDirectory())
        for state in [MissingPetReportFlowState(photoAttachmentCache: cache), FoundPetReportFlowState(photoAttachmentCache: cache)]
            as [any PetReportFlowStateProtocol]
        {
            state.animalSpecies = .dog
            state.animalGender = .male
            state.disappearanceDate = Date()
            state.animalLatitude = 52.2
            state.animalLongitude = 21.0
            state.contactDetails = OwnerContactDetails(
                phone: "600700800", email: "o@example.com",
                privateTrait: "  Pink spot on the tongue  ")
            let request = try CreateAnnouncementRequestBuilder().request(from: state)
            #expect(request.privateTrait == (state.status == .missing ? "Pink spot on the tongue" : nil))
            #expect(request.contactVisibility == nil, "left out: public, as the published apps show it")
            state.contactDetails?.relayContact = true
            #expect(try CreateAnnouncementRequestBuilder().request(from: state).contactVisibility == "RELAYED")
        }
        let viewModel = MissingPetContactDetailsViewModel(
            flowState: MissingPetReportFlowState(photoAttachmentCache: cache),
            submissionService: FakeSubmissionService())
        viewModel.privateTraitChanged(String(repeating: "x", count: 400))
        #expect(viewModel.privateTrait.count == 300)
    }
}
