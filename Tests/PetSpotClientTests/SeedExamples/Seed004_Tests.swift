import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI
import PetSpotDomain
import Testing
@testable import PetSpotClient

/// Seed 004 — "Data Model: iOS Owner's Details Screen" (OwnerContactDetails, CreateAnnouncementRequest,
/// AnnouncementResponse, PhotoUploadRequest, PhotoAttachmentMetadata, ContactDetailsViewModel, the 2-step
/// AnnouncementSubmissionService, the validation summary).
@MainActor
@Suite struct Seed004Tests {
    let directory = Fixtures.temporaryDirectory()
    let service = FakeSubmissionService()

    func makeFlowState() -> ReportMissingPetFlowState {
        ReportMissingPetFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: directory))
    }

    /// A flow filled through step 3, with a photo saved in the cache.
    func makeFilledFlowState() async throws -> ReportMissingPetFlowState {
        let flowState = makeFlowState()
        flowState.photoAttachment = try await flowState.photoAttachmentCache.save(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        flowState.photoStatus = .ready
        flowState.animalSpecies = .dog
        flowState.animalGender = .male
        flowState.disappearanceDate = Date()
        flowState.animalLatitude = 52.2297
        flowState.animalLongitude = 21.0122
        return flowState
    }

    // Seed: "struct OwnerContactDetails { var phone: String  var email: String  var rewardDescription: String? }".
    @Test func ownerContactDetailsIsAPlainMutableStruct() {
        var details = OwnerContactDetails(phone: "1234567", email: "owner@example.com", rewardDescription: nil)
        details.phone = "7654321"
        details.email = "other@example.com"
        details.rewardDescription = "Cake"
        #expect(details.phone == "7654321" && details.email == "other@example.com" && details.rewardDescription == "Cake")
    }

    // Seed: "struct PhotoAttachmentMetadata { let cachedURL: URL … let mimeType: String // e.g., "image/jpeg"
    // let fileSize: Int64 … let capturedAt: Date }".
    @Test func photoAttachmentMetadataHasTheSeedsFields() {
        let url = URL(fileURLWithPath: "/tmp/PetSpot/ReportMissingPet/photo.jpg")
        let capturedAt = Date(timeIntervalSince1970: 1_764_700_000)
        let metadata = PhotoAttachmentMetadata(cachedURL: url, mimeType: "image/jpeg", fileSize: 1_400_000, capturedAt: capturedAt)
        let cachedURL: URL = metadata.cachedURL
        let mimeType: String = metadata.mimeType
        let fileSize: Int64 = metadata.fileSize
        let captured: Date = metadata.capturedAt
        #expect(cachedURL == url && mimeType == "image/jpeg" && fileSize == 1_400_000 && captured == capturedAt)
        #expect(PhotoAttachmentMetadata(cachedURL: url, mimeType: "image/png", fileSize: 1, capturedAt: capturedAt).mimeType == "image/png")
    }

    // Seed: "let cachedURL: URL // File path to Library/Caches/PetSpot/ReportMissingPet" — the default cache folder, literally.
    @Test func defaultPhotoCacheFolderIsCachesPetSpotReportMissingPet() {
        // `Library/Caches` on Apple platforms, the user's cache folder here (the system says which).
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        #expect(
            PhotoAttachmentCache.defaultDirectory.standardizedFileURL.path == caches.appendingPathComponent("PetSpot/ReportMissingPet").standardizedFileURL.path
        )
    }

    // Seed: "Repository loads photo `Data` from `photo.cachedURL` during upload" / "Repository reads `Data(contentsOf: photo.cachedURL)`".
    @Test func uploadRequestReadsTheBytesFromTheCachedFile() async throws {
        let cache = PhotoAttachmentCache(directory: directory)
        let saved = try await cache.save(PhotoSelection(data: Fixtures.png, fileName: "rex.png"))
        #expect(saved.cachedURL.path.hasPrefix(directory.path))
        let request = PhotoUploadRequest(announcementId: AnnouncementID("bb3fc451-1f51-407d-bb85-2569dc9baed3"), photo: saved, managementPassword: "467432")
        #expect(try request.bytes() == (try Data(contentsOf: saved.cachedURL)))
        #expect(request.photo == saved && request.managementPassword == "467432")
        try await cache.clearCurrent()
    }

    // Seed: "AnnouncementResponse … id: String // UUID (e.g., "bb3fc451-…")", "managementPassword: String // 6-digit
    // string", Codable; the server's 201 answer (camelCase, as it speaks) decodes into it.
    @Test func announcementResponseTakesTheSeedsExampleAndDecodesTheServersAnswer() throws {
        let written = AnnouncementResponse(id: AnnouncementID("bb3fc451-1f51-407d-bb85-2569dc9baed3"), managementPassword: "467432")
        let answer = #"{"id":"bb3fc451-1f51-407d-bb85-2569dc9baed3","managementPassword":"467432","species":"DOG","photoUrl":null}"#
        #expect(try JSONDecoder().decode(AnnouncementResponse.self, from: Data(answer.utf8)) == written)
        #expect(written.id.rawValue == "bb3fc451-1f51-407d-bb85-2569dc9baed3")
        // The seed's CodingKeys: `case managementPassword = "management_password"`; its snake_case answer decodes too,
        // and what is written back is the server's camelCase.
        let seedAnswer = #"{"id":"bb3fc451-1f51-407d-bb85-2569dc9baed3","management_password":"467432","last_seen_date":"2026-01-08"}"#
        #expect(try JSONDecoder().decode(AnnouncementResponse.self, from: Data(seedAnswer.utf8)) == written)
        let encoded = String(decoding: try JSONEncoder().encode(written), as: UTF8.self)
        #expect(encoded.contains(#""managementPassword":"467432""#))
        #expect(try JSONDecoder().decode(AnnouncementResponse.self, from: Data(encoded.utf8)) == written)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AnnouncementResponse.self, from: Data(#"{"id":"x"}"#.utf8)) }
    }

    // Seed: "Basic auth header: `Authorization: Basic <base64(announcementId:managementPassword)>`"; the reference's example:
    // id bb3fc451-…, password 467432 → YmIzZmM0NTEtMWY1MS00MDdkLWJiODUtMjU2OWRjOWJhZWQzOjQ2NzQzMg==.
    @Test func basicAuthHeaderIsBase64OfIdColonPassword() {
        let repository = URLSessionAnnouncementRepository(baseURL: URL(string: "http://localhost:3000")!)
        var request = URLRequest(url: URL(string: "http://localhost:3000/api/v1/announcements/x/photos")!)
        repository.authorize(&request, id: AnnouncementID("bb3fc451-1f51-407d-bb85-2569dc9baed3"), password: "467432")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Basic YmIzZmM0NTEtMWY1MS00MDdkLWJiODUtMjU2OWRjOWJhZWQzOjQ2NzQzMg==")
    }

    // Seed: "@Published var phone: String = """ … "@Published var showAlert: Bool = false" and
    // "init(submissionService: AnnouncementSubmissionService, flowState: ReportMissingPetFlowState)".
    @Test func contactDetailsViewModelStartsWithTheSeedsDefaults() {
        let viewModel = ContactDetailsViewModel(
            submissionService: AnnouncementSubmissionService(repository: FakeAnnouncementRepository()), flowState: makeFlowState())
        #expect(viewModel.phone == "" && viewModel.email == "" && viewModel.rewardDescription == "")
        #expect(viewModel.phoneError == nil && viewModel.emailError == nil)
        #expect(viewModel.isSubmitting == false)
        #expect(viewModel.alertMessage == nil && viewModel.showAlert == false)
        #expect(viewModel.isFormValid == false)
    }

    // Seed: "self.rewardDescription = flowState.contactDetails?.rewardDescription ?? """ — prepopulated, nil reward as "".
    @Test func prepopulatesFromTheFlowStateWithNoReward() {
        let flowState = makeFlowState()
        flowState.contactDetails = OwnerContactDetails(phone: "+48123456789", email: "owner@example.com", rewardDescription: nil)
        let viewModel = ContactDetailsViewModel(submissionService: service, flowState: flowState)
        #expect(viewModel.phone == "+48123456789" && viewModel.email == "owner@example.com" && viewModel.rewardDescription == "")
        #expect(viewModel.isFormValid)
    }

    // Seed: "var isFormValid: Bool { return isPhoneValid && isEmailValid }" and the validation summary:
    // "| Phone | 7-11 digits (after sanitization: remove spaces/dashes) |", "| Email | RFC 5322 basic (local@domain.tld) |".
    @Test(arguments: [
        ("+48 (123) 456-789", "owner@example.com", true),
        ("123 456 7", "USER@EXAMPLE.COM", true),
        ("12-34-56", "owner@example.com", false),
        ("1234567", "user.name+tag@sub.example.co.uk", true),
        ("1234567", "user@exa_mple.com", false),
        ("1234567", "user@example.c0m", false),
        ("1234567", "first last@example.com", false),
        ("1234567", "user@mail.example", true),
    ])
    func isFormValidFollowsThePhoneAndEmailRules(phone: String, email: String, valid: Bool) {
        let viewModel = ContactDetailsViewModel(submissionService: service, flowState: makeFlowState())
        viewModel.phone = phone
        viewModel.email = email
        #expect(viewModel.isFormValid == valid)
    }

    // Seed: "rewardDescription: rewardDescription.isEmpty ? nil : rewardDescription" — stored verbatim when not empty.
    @Test func rewardIsStoredVerbatim() async {
        let flowState = makeFlowState()
        let viewModel = ContactDetailsViewModel(submissionService: service, flowState: flowState)
        viewModel.phone = "1234567"
        viewModel.email = "owner@example.com"
        viewModel.rewardDescription = "$100 and a hug"
        await viewModel.submitForm()
        #expect(flowState.contactDetails == OwnerContactDetails(phone: "1234567", email: "owner@example.com", rewardDescription: "$100 and a hug"))
    }

    // Same seed line, with surrounding spaces: `isEmpty` is false, so the text goes in as typed.
    @Test func paddedRewardIsStoredAsTyped() async {
        let flowState = makeFlowState()
        let viewModel = ContactDetailsViewModel(submissionService: service, flowState: flowState)
        viewModel.phone = "1234567"
        viewModel.email = "owner@example.com"
        viewModel.rewardDescription = "  Cake  "
        await viewModel.submitForm()
        #expect(flowState.contactDetails?.rewardDescription == "  Cake  ")
    }

    // Seed: "func submitAnnouncement(flowState:) async throws -> String" and "if (error as NSError).domain == NSURLErrorDomain
    // { alertMessage = L10n.tr("owners_details.error.no_connection.message") } else { … generic.message }" — a service
    // written as the seed writes it, throwing what the network throws.
    @Test func aServiceThatThrowsWhatTheNetworkThrowsGetsTheSeedsMessages() async {
        for (error, message) in [
            (URLError(.notConnectedToInternet) as any Error, "Please check your network and try again."),
            (CocoaError(.fileReadUnknown), "Please try again later."),
        ] {
            let viewModel = ContactDetailsViewModel(submissionService: SeedSubmissionService(error: error), flowState: makeFlowState())
            viewModel.phone = "1234567"
            viewModel.email = "owner@example.com"
            await viewModel.submitForm()
            #expect(viewModel.showAlert && viewModel.alertMessage == message, "\(error)")
        }
    }

    // Seed: "struct AnnouncementResponse: Codable { let id: String … let photoUrl: String? }", built whole by a repository fake.
    @Test func anAnnouncementResponseIsBuiltWithTheSeedsFields() {
        let response = AnnouncementResponse(
            id: "bb3fc451-1f51-407d-bb85-2569dc9baed3", managementPassword: "467432", species: "DOG", sex: "MALE", lastSeenDate: "2026-01-08",
            locationLatitude: 52.2297, locationLongitude: 21.0122, email: "owner@example.com", phone: "+48123456789", status: "MISSING",
            microchipNumber: nil, description: nil, reward: nil, photoUrl: nil)
        #expect(response.id == "bb3fc451-1f51-407d-bb85-2569dc9baed3" && response.managementPassword == "467432")
        #expect(makeFlowState().status == .active, "the reference app's name for the Missing flow's status")
    }

    // Seed, State Flow: "Call submissionService.submitAnnouncement(flowState:) … Step 1: repository.createAnnouncement(request)
    // → AnnouncementResponse … Step 2: repository.uploadPhoto(announcementId, photo, managementPassword) … ViewModel:
    // onReportSent(managementPassword)" — the VM with the real service over a repository fake.
    @Test func submitFormRunsBothStepsAndPassesThePassword() async throws {
        let repository = FakeAnnouncementRepository()
        let flowState = try await makeFilledFlowState()
        let viewModel = ContactDetailsViewModel(submissionService: AnnouncementSubmissionService(repository: repository), flowState: flowState)
        viewModel.phone = "+48 123-456-789"
        viewModel.email = " owner@example.com "
        var sent: String?
        viewModel.onReportSent = { sent = $0 }
        await viewModel.submitForm()
        #expect(sent == "123451")
        let created = try #require(await repository.createdRequests.first)
        #expect(created.phone == "+48123456789" && created.email == "owner@example.com" && created.status == "MISSING")
        let upload = try #require(await repository.uploads.first)
        #expect(upload.announcementId == AnnouncementID("id-1") && upload.managementPassword == "123451")
        #expect(upload.photo == flowState.photoAttachment)
        #expect(!viewModel.isSubmitting && !viewModel.showAlert)
        await flowState.clear()
    }

    // Seed: "├── Failure → Throw error to ViewModel ↓ ViewModel: handleSubmissionError() → Show alert popup" after step 1,
    // "// Backend error (4xx/5xx) alertMessage = L10n.tr("owners_details.error.generic.message")"; no photo upload is attempted.
    @Test func createFailureShowsTheGenericAlertAndSkipsTheUpload() async throws {
        let repository = FakeAnnouncementRepository()
        await repository.failCreates([.http(status: 500, error: nil)])
        let flowState = try await makeFilledFlowState()
        let viewModel = ContactDetailsViewModel(submissionService: AnnouncementSubmissionService(repository: repository), flowState: flowState)
        viewModel.phone = "1234567"
        viewModel.email = "owner@example.com"
        var sent = false
        viewModel.onReportSent = { _ in sent = true }
        await viewModel.submitForm()
        #expect(!sent)
        #expect(viewModel.showAlert)
        #expect(viewModel.alertMessage == "Please try again later.")
        #expect(await repository.uploads.isEmpty)
        #expect(viewModel.phone == "1234567" && viewModel.email == "owner@example.com")
        await flowState.clear()
    }

    // Seed: "if (error as NSError).domain == NSURLErrorDomain { // Network error (offline, timeout)
    // alertMessage = L10n.tr("owners_details.error.no_connection.message") }" — a step-2 network failure, in Polish too.
    @Test func uploadNetworkFailureShowsTheNoConnectionAlert() async throws {
        let repository = FakeAnnouncementRepository()
        await repository.failUploads([.network(description: "The request timed out."), .network(description: "offline")])
        let flowState = try await makeFilledFlowState()
        let viewModel = ContactDetailsViewModel(submissionService: AnnouncementSubmissionService(repository: repository), flowState: flowState)
        viewModel.phone = "1234567"
        viewModel.email = "owner@example.com"
        await viewModel.submitForm()
        #expect(viewModel.showAlert && viewModel.alertMessage == "Please check your network and try again.")
        let polish = MissingPetContactDetailsViewModel(
            flowState: flowState, submissionService: AnnouncementSubmissionService(repository: repository), strings: LocalizedStrings(language: .polish))
        polish.phone = "1234567"
        polish.email = "owner@example.com"
        await polish.submitForm()
        #expect(polish.alertMessage == "Sprawdź połączenie i spróbuj ponownie.")
        await flowState.clear()
    }

    // Seed, AnnouncementSubmissionService: "// Step 2: Upload photo (if exists)  if let photoAttachment = flowState.photoAttachment { … }"
    // — without a photo the report is still created and its password returned.
    @Test func withoutAPhotoOnlyStepOneRuns() async throws {
        let repository = FakeAnnouncementRepository()
        let flowState = makeFlowState()
        flowState.animalSpecies = .cat
        flowState.animalGender = .female
        flowState.disappearanceDate = Date()
        flowState.animalLatitude = 50.0647
        flowState.animalLongitude = 19.9450
        flowState.contactDetails = OwnerContactDetails(phone: "1234567", email: "owner@example.com", rewardDescription: nil)
        let password = try await AnnouncementSubmissionService(repository: repository).submitAnnouncement(flowState: flowState)
        #expect(password == "123451")
        #expect(await repository.uploads.isEmpty)
    }

    // Seed, mapping: "species: species.rawValue.uppercased(), // "DOG" or "CAT"", "sex: gender.rawValue.uppercased(), // "MALE" or
    // "FEMALE"", "status: "MISSING"", "microchipNumber: flowState.chipNumber", "description: …", "reward: contactDetails.rewardDescription".
    @Test func requestIsBuiltFromTheFlowState() async throws {
        let repository = FakeAnnouncementRepository()
        let flowState = try await makeFilledFlowState()
        flowState.animalSpecies = .cat
        flowState.animalGender = .female
        flowState.chipNumber = "123456789012345"
        flowState.animalAdditionalDescription = "White paws"
        flowState.contactDetails = OwnerContactDetails(phone: "1234567", email: "owner@example.com", rewardDescription: "Cake")
        _ = try await AnnouncementSubmissionService(repository: repository).submitAnnouncement(flowState: flowState)
        let request = try #require(await repository.createdRequests.first)
        #expect(request.species == "CAT" && request.sex == "FEMALE" && request.status == "MISSING")
        #expect(request.microchipNumber == "123456789012345" && request.description == "White paws" && request.reward == "Cake")
        #expect(request.lastSeenDate.count == 10 && request.lastSeenDate.dropFirst(4).first == "-") // YYYY-MM-DD
        await flowState.clear()
    }
}

/// Seed 004's request shape with the id as text.
@MainActor
@Suite struct Seed004NameTests {
    // Seed: "struct PhotoUploadRequest { let announcementId: String … let photo: PhotoAttachmentMetadata  let managementPassword: String }".
    @Test func photoUploadRequestTakesAStringId() {
        let photo = PhotoAttachmentMetadata(cachedURL: URL(fileURLWithPath: "/tmp/p.jpg"), mimeType: "image/jpeg", fileSize: 1, capturedAt: Date())
        let request = PhotoUploadRequest(announcementId: "bb3fc451-1f51-407d-bb85-2569dc9baed3", photo: photo, managementPassword: "467432")
        #expect(request.announcementId.rawValue == "bb3fc451-1f51-407d-bb85-2569dc9baed3")
    }
}

/// A submission service as seed 004 writes one: untyped `throws`, failing with `error`.
@MainActor
final class SeedSubmissionService: AnnouncementSubmissionServiceProtocol {
    let error: any Error
    init(error: any Error) { self.error = error }

    func submitAnnouncement(flowState: any PetReportFlowStateProtocol) async throws -> String { throw error }
}
