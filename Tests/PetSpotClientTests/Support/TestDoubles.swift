import Foundation
import PetSpotAPI
@testable import PetSpotClient
import PetSpotTestSupport

/// Records what was copied.
@MainActor
final class RecordingClipboard: Clipboard {
    private(set) var copied: [String] = []
    func copy(_ text: String) { copied.append(text) }
}

/// A repository fake at the server seam: canned answers, recorded calls, scripted failures.
actor FakeAnnouncementRepository: AnnouncementRepositoryProtocol {
    var listResult: Result<[Announcement], RepositoryError> = .success([])
    var detailsResult: Result<Announcement, RepositoryError> = .failure(.notFound)
    var createErrors: [RepositoryError] = []
    var uploadErrors: [RepositoryError] = []
    private(set) var listQueries: [(Coordinate?, Int)] = []
    private(set) var searchedTexts: [String?] = []
    private(set) var createdRequests: [CreateAnnouncementRequest] = []
    private(set) var uploads: [PhotoUploadRequest] = []
    private(set) var deleted: [AnnouncementID] = []
    private var counter = 0
    private var holdNext = false
    private var heldList: CheckedContinuation<Void, Never>?

    /// The next list call waits (with the answer set now) until `releaseHeldList`.
    func holdNextList() { holdNext = true }
    func releaseHeldList() {
        heldList?.resume()
        heldList = nil
    }
    func waitForListQueries(_ count: Int) async {
        while listQueries.count < count { await Task.yield() }
    }

    func setList(_ result: Result<[Announcement], RepositoryError>) { listResult = result }
    func setDetails(_ result: Result<Announcement, RepositoryError>) { detailsResult = result }
    func failCreates(_ errors: [RepositoryError]) { createErrors = errors }
    func failUploads(_ errors: [RepositoryError]) { uploadErrors = errors }

    func announcements(near location: Coordinate?, rangeKm: Int, matching text: String?) async throws(RepositoryError) -> [Announcement] {
        listQueries.append((location, rangeKm))
        searchedTexts.append(text)
        let result = listResult
        if holdNext {
            holdNext = false
            await withCheckedContinuation { heldList = $0 }
        }
        return try result.get()
    }

    func announcement(id: AnnouncementID) async throws(RepositoryError) -> Announcement {
        try detailsResult.get()
    }

    func createAnnouncement(_ request: CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult {
        if !createErrors.isEmpty { throw createErrors.removeFirst() }
        createdRequests.append(request)
        counter += 1
        return AnnouncementResult(id: AnnouncementID("id-\(counter)"), managementPassword: "12345\(counter)")
    }

    func uploadPhoto(_ request: PhotoUploadRequest) async throws(RepositoryError) {
        if !uploadErrors.isEmpty { throw uploadErrors.removeFirst() }
        uploads.append(request)
    }

    func deleteAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {
        deleted.append(id)
    }

    func closeAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {}
}

/// A submission service fake: returns a password or fails as scripted, counting calls.
@MainActor
final class FakeSubmissionService: AnnouncementSubmissionServiceProtocol {
    var errors: [any Error] = []
    var password = "467432"
    /// Runs while a submission is in flight, to look at the screen at that moment.
    var duringSubmission: (() -> Void)?
    private(set) var calls = 0
    private(set) var sawContactDetails: OwnerContactDetails?

    func submitAnnouncement(flowState: any PetReportFlowStateProtocol) async throws -> String {
        calls += 1
        sawContactDetails = flowState.contactDetails
        duringSubmission?()
        if !errors.isEmpty { throw errors.removeFirst() }
        return password
    }
}

/// A location provider with a fixed answer.
struct FixedLocation: CurrentLocationProviding {
    var coordinate: Coordinate?
    func currentLocation() async -> Coordinate? { coordinate }
}

/// Small valid image headers and folders that clean up after themselves.
enum Fixtures {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF photo bytes".utf8)
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 1, count: 16)
    static let gif = Data("GIF89a".utf8) + Data(repeating: 2, count: 8)
    static let webp = Data("RIFF".utf8) + Data([0x10, 0, 0, 0]) + Data("WEBPVP8 ".utf8)
    static let heic = Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data(repeating: 0, count: 8)
    static let pdf = Data("%PDF-1.7 not a photo".utf8)

    /// Seed 000's "Microchip Number Formatting" table: input, stored digits, shown text.
    static let microchipTable: [(String, String, String)] = [
        ("", "", ""),
        ("123", "123", "123"),
        ("12345", "12345", "12345"),
        ("123456", "123456", "12345-6"),
        ("1234567890", "1234567890", "12345-67890"),
        ("123456789012345", "123456789012345", "12345-67890-12345"),
        ("1234567890123456", "123456789012345", "12345-67890-12345"),
        ("12a34b56", "123456", "12345-6"),
    ]

    /// The details step's required answers: a male dog in Warsaw.
    @MainActor static func fillRequiredDetails(_ viewModel: PetDetailsStepViewModel) {
        viewModel.handleSpeciesChange(.dog)
        viewModel.handleGenderChange(.male)
        viewModel.latitude = "52.2297"
        viewModel.longitude = "21.0122"
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("petspot-client-tests-\(UUID().uuidString)")
    }

    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func announcement(
        id: String = "a1", species: String = "DOG", sex: String = "MALE", status: AnnouncementStatus = .missing,
        lat: Double = 52.2297, lng: Double = 21.0122
    ) -> Announcement {
        .mock(
            id: AnnouncementID(id), species: species, breed: "Beagle", sex: sex, age: 3, description: "Brown spot",
            microchipNumber: "123456789012345", location: Coordinate(latitude: lat, longitude: lng), lastSeenDate: "2025-11-20",
            email: "owner@example.com", phone: "+48123456789", photoURL: "http://127.0.0.1/images/a1.jpeg", status: status,
            createdAt: Date(timeIntervalSince1970: 0))
    }
}
