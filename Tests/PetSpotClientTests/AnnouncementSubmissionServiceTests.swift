import Foundation
import PetSpotAPI
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct AnnouncementSubmissionServiceTests {
    let repository = FakeAnnouncementRepository()
    let directory = Fixtures.temporaryDirectory()
    let flow: MissingPetReportFlowState

    init() {
        flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
    }

    /// 2025-11-20 23:30 UTC — already the 21st in Warsaw.
    static let lateEvening = Date(timeIntervalSince1970: 1_763_681_400)

    func fillValidFlow() async throws {
        flow.photoAttachment = try await flow.photoAttachmentCache.save(PhotoSelection(data: Fixtures.png, fileName: "rex.png"))
        flow.photoStatus = .ready
        flow.animalSpecies = .dog
        flow.animalGender = .male
        flow.disappearanceDate = Self.lateEvening
        flow.animalLatitude = 52.2297
        flow.animalLongitude = 21.0122
        flow.contactDetails = OwnerContactDetails(phone: "+48 123-456-789", email: " owner@example.com ")
    }

    func makeService() -> AnnouncementSubmissionService {
        AnnouncementSubmissionService(repository: repository, timeZone: TimeZone(identifier: "Europe/Warsaw")!)
    }

    @Test func minimalReportSendsOnlyTheRequiredKeys() async throws {
        try await fillValidFlow()
        _ = try await makeService().submitAnnouncement(flowState: flow)
        let request = try #require(await repository.createdRequests.first)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any]
        #expect(
            Set((json ?? [:]).keys) == [
                "species", "sex", "lastSeenDate", "locationLatitude", "locationLongitude",
                "email", "phone", "status",
            ])
        #expect(
            request
                == CreateAnnouncementRequest(
                    species: "DOG", sex: "MALE", locationLatitude: 52.2297, locationLongitude: 21.0122,
                    email: "owner@example.com", phone: "+48123456789", lastSeenDate: "2025-11-21", status: "MISSING"))
        await flow.clear()
    }

    @Test func fullReportCarriesEveryOptionalValue() async throws {
        try await fillValidFlow()
        flow.chipNumber = "123456789012345"
        flow.petName = "Rex"
        flow.animalRace = "Beagle"
        flow.animalAge = 4
        flow.animalAdditionalDescription = "White paws"
        flow.contactDetails?.rewardDescription = "Cake"
        _ = try await makeService().submitAnnouncement(flowState: flow)
        let request = try #require(await repository.createdRequests.first)
        #expect(request.microchipNumber == "123456789012345" && request.petName == "Rex" && request.breed == "Beagle")
        #expect(request.age == 4 && request.description == "White paws" && request.reward == "Cake")
        await flow.clear()
    }

    @Test func foundReportNeverSendsCaregiverOrAddress() async throws {
        let found = FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        found.photoAttachment = try await found.photoAttachmentCache.save(PhotoSelection(data: Fixtures.jpeg, fileName: "f.jpg"))
        found.animalSpecies = .cat
        found.animalGender = .female
        found.disappearanceDate = Self.lateEvening
        found.animalLatitude = 50.0647
        found.animalLongitude = 19.9450
        found.contactDetails = OwnerContactDetails(phone: "1234567", email: "test@test.com")
        found.caregiverPhoneNumber = "+48987654321"
        found.currentPhysicalAddress = "123 Main Street"
        _ = try await makeService().submitAnnouncement(flowState: found)
        let request = try #require(await repository.createdRequests.first)
        let body = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(request.status == "FOUND")
        #expect(!body.contains("987654321") && !body.contains("Main Street"))
        await found.clear()
    }

    @Test func createsThenUploadsWithTheReturnedCredentials() async throws {
        try await fillValidFlow()
        let password = try await makeService().submitAnnouncement(flowState: flow)
        let upload = try #require(await repository.uploads.first)
        #expect(password == "123451")
        #expect(upload.announcementId == AnnouncementID("id-1"))
        #expect(upload.managementPassword == "123451")
        // The metadata only: the repository reads the cached file when it uploads (seed 004).
        let sent = try upload.bytes()
        #expect(upload.data == nil && upload.photo == flow.photoAttachment && sent == Fixtures.png)
        #expect(flow.managementPassword == "123451")
        await flow.clear()
    }

    @Test func retryAfterFailedUploadReusesTheCreatedReport() async throws {
        try await fillValidFlow()
        await repository.failUploads([.network(description: "timed out")])
        let service = makeService()
        await #expect(throws: RepositoryError.network(description: "timed out")) {
            try await service.submitAnnouncement(flowState: flow)
        }
        let password = try await service.submitAnnouncement(flowState: flow)
        #expect(await repository.createdRequests.count == 1)
        #expect(await repository.uploads.map(\.announcementId) == [AnnouncementID("id-1")])
        #expect(password == "123451")
        #expect(flow.pendingSubmission == nil)
        await flow.clear()
    }

    @Test func changedReportAfterFailedUploadReplacesTheHalfMadeOne() async throws {
        try await fillValidFlow()
        await repository.failUploads([.http(status: 500, error: nil)])
        let service = makeService()
        _ = try? await service.submitAnnouncement(flowState: flow)
        flow.animalAdditionalDescription = "Now with a description"
        _ = try await service.submitAnnouncement(flowState: flow)
        #expect(await repository.deleted == [AnnouncementID("id-1")])
        #expect(await repository.uploads.map(\.announcementId) == [AnnouncementID("id-2")])
        await flow.clear()
    }

    @Test func aPhotoFileThatCannotBeReadIsPhotoUnreadableAndARetryUploadsOnly() async throws {
        try await fillValidFlow()
        await repository.failUploads([.fileIOError])
        await #expect(throws: SubmissionError.photoUnreadable) { try await makeService().submitAnnouncement(flowState: flow) }
        #expect(try await makeService().submitAnnouncement(flowState: flow) == "123451")
        #expect(await repository.createdRequests.count == 1)
        await flow.clear()
    }

    @Test func missingPiecesAreReportedBeforeAnyRequest() async throws {
        await #expect(throws: SubmissionError.missingContactDetails) { try await makeService().submitAnnouncement(flowState: flow) }
        try await fillValidFlow()
        flow.animalLatitude = nil
        await #expect(throws: SubmissionError.missingLocation) { try await makeService().submitAnnouncement(flowState: flow) }
        flow.animalLatitude = 1
        flow.animalGender = nil
        await #expect(throws: SubmissionError.missingGender) { try await makeService().submitAnnouncement(flowState: flow) }
        #expect(await repository.createdRequests.isEmpty)
        await flow.clear()
    }

    @Test func networkAndServerFailuresHaveDifferentMessages() {
        let en = LocalizedStrings()
        #expect(SubmissionError.message(for: RepositoryError.network(description: "x"), en) == "Please check your network and try again.")
        #expect(SubmissionError.message(for: URLError(.notConnectedToInternet), en) == "Please check your network and try again.")
        #expect(SubmissionError.message(for: RepositoryError.http(status: 400, error: nil), en) == "Please try again later.")
        #expect(SubmissionError.message(for: RepositoryError.unauthorized, en) == "Please try again later.")
        #expect(SubmissionError.message(for: SubmissionError.photoUnreadable, en) == "Please try again later.")
    }
}
