import Foundation
import PetSpotAPI
import PetSpotClient
import PetSpotTestSupport
import Testing

/// A repository an app wrote against the protocol as first published: the list without words, no
/// `matching:` requirement. It must keep compiling and working as the protocol grows.
actor EarlierRepository: AnnouncementRepositoryProtocol {
    let reports: [Announcement]
    init(_ reports: [Announcement]) { self.reports = reports }

    func announcements(near location: Coordinate?, rangeKm: Int) async throws(RepositoryError) -> [Announcement] { reports }
    func announcement(id: AnnouncementID) async throws(RepositoryError) -> Announcement {
        guard let report = reports.first(where: { $0.id == id }) else { throw .notFound }
        return report
    }
    func createAnnouncement(_ request: CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult { throw .notFound }
    func uploadPhoto(_ request: PhotoUploadRequest) async throws(RepositoryError) {}
    func deleteAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {}
    func closeAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {}
}

/// A flow state an app wrote before the Missing flow asked how the pet lives (no `searchAnswers`).
@MainActor
final class EarlierFlowState: PetReportFlowStateProtocol {
    var chipNumber: String?
    var photoAttachment: PhotoAttachmentMetadata?
    var photoStatus: PhotoAttachmentStatus = .empty
    var disappearanceDate: Date?
    var animalSpecies: AnimalSpecies?
    var animalRace: String?
    var animalGender: AnimalGender?
    var animalAge: Int?
    var petName: String?
    var animalLatitude: Double?
    var animalLongitude: Double?
    var animalAdditionalDescription: String?
    var contactDetails: OwnerContactDetails?
    var managementPassword: String?
    var pendingSubmission: PendingSubmission?
    let status: AnnouncementStatus = .missing
    let photoAttachmentCache = PhotoAttachmentCache(directory: FileManager.default.temporaryDirectory.appendingPathComponent("earlier-\(UUID())"))
    func clear() async { petName = nil }
}

@MainActor
@Suite struct EarlierConformersTests {
    static let reports: [Announcement] = [
        .mock(id: AnnouncementID("r1"), petName: "Kasia", species: "CAT", breed: "Europejski", description: "Rudy, biała łapka"),
        .mock(id: AnnouncementID("r2"), petName: "Azor", species: "DOG", breed: "Beagle", description: "Brown spot"),
    ]

    @Test func aRepositoryWrittenBeforeWordSearchStillListsAndSearches() async throws {
        let repository = EarlierRepository(Self.reports)
        let all = try await repository.announcements(near: nil, rangeKm: 5)
        #expect(all.map(\.id.rawValue) == ["r1", "r2"])
        let viewModel = AnnouncementListViewModel(repository: repository)
        await viewModel.load()
        guard case .loaded(let cards) = viewModel.state else { Issue.record("not loaded: \(viewModel.state)"); return }
        #expect(cards.map(\.id.rawValue) == ["r1", "r2"])
        viewModel.searchText = "BIALA kasia"
        await viewModel.load()
        guard case .loaded(let found) = viewModel.state else { Issue.record("not loaded: \(viewModel.state)"); return }
        #expect(found.map(\.id.rawValue) == ["r1"])
    }

    @Test func aFlowStateWrittenBeforeTheSearchAnswersStillWorks() {
        let state = EarlierFlowState()
        state.searchAnswers = SearchAnswers(lifestyle: .indoorOnly)
        #expect(state.searchAnswers == SearchAnswers())
        state.petName = "Kasia"
        #expect(state.petName == "Kasia")
    }
}
