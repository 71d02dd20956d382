import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import PetSpotClient

/// Seed 004's `AnimalRepositoryProtocol` exactly as the seed writes it ("createAnnouncement(request:) async
/// throws -> AnnouncementResponse", "uploadPhoto(request:) async throws"), conformed to the way an app's own
/// repository or a test fake would: a plain class with counters, throwing whatever it likes.
final class SeedAnimalRepository: AnimalRepositoryProtocol {
    var calls: [String] = []
    var createErrors: [any Error] = []
    var uploadErrors: [any Error] = []
    var uploaded: [PhotoUploadRequest] = []

    func createAnnouncement(request: CreateAnnouncementRequest) async throws -> AnnouncementResponse {
        calls.append("create")
        if !createErrors.isEmpty { throw createErrors.removeFirst() }
        return AnnouncementResponse(
            id: "bb3fc451-1f51-407d-bb85-2569dc9baed3", managementPassword: "467432", species: request.species, sex: request.sex,
            lastSeenDate: request.lastSeenDate, locationLatitude: request.locationLatitude, locationLongitude: request.locationLongitude,
            email: request.email, phone: request.phone, status: request.status, microchipNumber: request.microchipNumber,
            description: request.description, reward: request.reward, photoUrl: nil)
    }

    func uploadPhoto(request: PhotoUploadRequest) async throws {
        calls.append("upload")
        if !uploadErrors.isEmpty { throw uploadErrors.removeFirst() }
        uploaded.append(request)
    }
}

/// The backend's refusal, as an app's own repository might throw it.
struct BackendRefused: Error, Equatable { let status: Int }

@MainActor
@Suite struct Seed004RepositoryTests {
    let seeds = Seed004Tests()

    /// Seed 004's flow through step 3 (`Seed004Tests`), with its contact details.
    func makeFilledFlowState() async throws -> ReportMissingPetFlowState {
        let flowState = try await seeds.makeFilledFlowState()
        flowState.contactDetails = OwnerContactDetails(phone: "+48 123 456 789", email: "owner@example.com", rewardDescription: nil)
        return flowState
    }

    // Seed: "Step 1: Create announcement … Step 2: Upload photo (if exists) … Return managementPassword for summary".
    @Test func theServiceCreatesThenUploadsThroughTheSeedsRepository() async throws {
        let repository = SeedAnimalRepository()
        let flowState = try await makeFilledFlowState()
        let password = try await AnnouncementSubmissionService(repository: repository).submitAnnouncement(flowState: flowState)
        #expect(password == "467432")
        #expect(repository.calls == ["create", "upload"])
        let upload = try #require(repository.uploaded.first)
        #expect(upload.announcementId == "bb3fc451-1f51-407d-bb85-2569dc9baed3" && upload.managementPassword == "467432")
        #expect(upload.photo == flowState.photoAttachment)
        await flowState.clear()
    }

    // Seed: "Throws: NetworkError on submission failure", "Throw errors for ViewModel to handle": the repository's
    // own error reaches the caller unchanged, and no upload follows a failed create.
    @Test func aCreateFailureReachesTheCallerUnchanged() async throws {
        let repository = SeedAnimalRepository()
        repository.createErrors = [BackendRefused(status: 503)]
        let flowState = try await makeFilledFlowState()
        await #expect(throws: BackendRefused(status: 503)) {
            try await AnnouncementSubmissionService(repository: repository).submitAnnouncement(flowState: flowState)
        }
        #expect(repository.calls == ["create"])
        await flowState.clear()
    }

    // Seed: "if (error as NSError).domain == NSURLErrorDomain { … no_connection … } else { … generic … }" — the view
    // model over the real service and the seed's repository; Try Again uploads only (the report exists).
    @Test func theContactStepTellsAnOfflineUploadFromARefusalAndRetries() async throws {
        let repository = SeedAnimalRepository()
        repository.uploadErrors = [URLError(.notConnectedToInternet), BackendRefused(status: 500)]
        let flowState = try await makeFilledFlowState()
        let viewModel = ContactDetailsViewModel(submissionService: AnnouncementSubmissionService(repository: repository), flowState: flowState)
        viewModel.phone = "+48 123 456 789"
        viewModel.email = "owner@example.com"
        var sent: String?
        viewModel.onReportSent = { sent = $0 }
        await viewModel.submitForm()
        #expect(viewModel.showAlert && viewModel.alertMessage == "Please check your network and try again.")
        await viewModel.submitForm()
        #expect(viewModel.alertMessage == "Please try again later.")
        await viewModel.submitForm()
        #expect(sent == "467432")
        #expect(repository.calls == ["create", "upload", "upload", "upload"])
        await flowState.clear()
    }
}

/// The other shapes a fake written to seed 004's protocol takes in Swift 6: an actor, a struct, a
/// main-actor class. Each compiles against the protocol and drives the real service.
actor SeedActorRepository: AnimalRepositoryProtocol {
    private(set) var created = 0
    func createAnnouncement(request: CreateAnnouncementRequest) async throws -> AnnouncementResponse {
        created += 1
        return AnnouncementResponse(
            id: "actor-1", managementPassword: "111111", species: request.species, sex: request.sex, lastSeenDate: request.lastSeenDate,
            locationLatitude: request.locationLatitude, locationLongitude: request.locationLongitude, email: request.email,
            phone: request.phone, status: request.status)
    }
    func uploadPhoto(request: PhotoUploadRequest) async throws {}
}

struct SeedOfflineRepository: AnimalRepositoryProtocol {
    func createAnnouncement(request: CreateAnnouncementRequest) async throws -> AnnouncementResponse { throw URLError(.notConnectedToInternet) }
    func uploadPhoto(request: PhotoUploadRequest) async throws {}
}

@MainActor final class SeedMainActorRepository: AnimalRepositoryProtocol {
    var calls: [String] = []
    func createAnnouncement(request: CreateAnnouncementRequest) async throws -> AnnouncementResponse {
        calls.append("create")
        return AnnouncementResponse(
            id: "main-1", managementPassword: "222222", species: request.species, sex: request.sex, lastSeenDate: request.lastSeenDate,
            locationLatitude: request.locationLatitude, locationLongitude: request.locationLongitude, email: request.email,
            phone: request.phone, status: request.status)
    }
    func uploadPhoto(request: PhotoUploadRequest) async throws { calls.append("upload") }
}

@MainActor
@Suite struct Seed004FakeShapesTests {
    let seeds = Seed004RepositoryTests()

    @Test func anActorAStructAndAMainActorClassEachDriveTheService() async throws {
        let flowState = try await seeds.makeFilledFlowState()
        let actor = SeedActorRepository()
        #expect(try await AnnouncementSubmissionService(repository: actor).submitAnnouncement(flowState: flowState) == "111111")
        #expect(await actor.created == 1)
        flowState.pendingSubmission = nil
        let mainActor = SeedMainActorRepository()
        #expect(try await AnnouncementSubmissionService(repository: mainActor).submitAnnouncement(flowState: flowState) == "222222")
        #expect(mainActor.calls == ["create", "upload"])
        flowState.pendingSubmission = nil
        let viewModel = ContactDetailsViewModel(submissionService: AnnouncementSubmissionService(repository: SeedOfflineRepository()), flowState: flowState)
        viewModel.phone = "+48 123 456 789"
        viewModel.email = "owner@example.com"
        await viewModel.submitForm()
        #expect(viewModel.alertMessage == "Please check your network and try again.")
        await flowState.clear()
    }
}
