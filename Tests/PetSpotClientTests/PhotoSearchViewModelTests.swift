import Foundation
@testable import PetSpotClient
import PetSpotServer
import PetSpotTestSupport
import Testing

/// Search by photo from the app's core against the real server and the real model: a finder's photo of a dog
/// puts the missing dog's report first, said "looks very alike" in the app's language; without the model, or
/// without a photo, the finder is told why in words.
@MainActor
@Suite struct PhotoSearchViewModelTests {
    static let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)

    /// Files a missing dog near Warsaw with `photo`; answers its id.
    static func file(_ photo: String, _ repository: URLSessionAnnouncementRepository) async throws -> AnnouncementID {
        let report = try await repository.createAnnouncement(
            CreateAnnouncementRequest(
                species: "DOG", sex: "MALE", locationLatitude: warsaw.latitude, locationLongitude: warsaw.longitude,
                email: "owner@example.com", lastSeenDate: "2026-11-20", status: "MISSING"))
        let bytes = Data(try LooksFixture.photo(photo))
        let metadata = PhotoAttachmentMetadata(
            fileName: photo, fileSizeBytes: Int64(bytes.count), imageType: .png, cachedURL: URL(fileURLWithPath: "/dev/null"), savedAt: Date())
        try await repository.uploadPhoto(
            PhotoUploadRequest(announcementId: report.id, photo: metadata, data: bytes, managementPassword: report.managementPassword))
        return report.id
    }

    @Test func aFindersPhotoFindsTheMissingDogFirst() async throws {
        let model = try LooksFixture.installed()
        try await withTestServer(configure: { $0.looksDirectory = model }) { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let dog = try await Self.file("dog-bullmastiff.png", repository)
            _ = try await Self.file("chelsea.png", repository)
            let screen = PhotoSearchViewModel(repository: repository, strings: LocalizedStrings(language: .polish))
            await screen.search()
            #expect(screen.errorMessage == "Najpierw wybierz zdjęcie zwierzęcia.")
            screen.photo = (Data(try LooksFixture.photo("dog-bullmastiff-again.png")), .png)
            screen.location = Self.warsaw
            // The looks are made in the background, soon after each upload.
            for _ in 0..<40 where screen.results.count < 2 {
                await screen.search()
                if screen.results.count < 2 { try await Task.sleep(for: .seconds(1)) }
            }
            #expect(screen.errorMessage == nil)
            #expect(screen.results.map(\.announcement.id).first == dog)
            #expect(screen.results.first?.likenessText == "Bardzo podobne")
            #expect(screen.results.first?.announcement.photoURL?.hasPrefix(baseURL.absoluteString) == true)
            screen.location = Coordinate(latitude: 50.06, longitude: 19.94)
            await screen.search()
            #expect(screen.results.isEmpty && screen.isEmpty, "nothing that far from Kraków")
        }
    }

    @Test func withoutTheModelTheFinderIsToldItIsNotAvailable() async throws {
        let empty = FileManager.default.temporaryDirectory.appending(path: "no-model-\(UUID().uuidString)")
        try await withTestServer(configure: { $0.looksDirectory = empty }) { @MainActor baseURL in
            let screen = PhotoSearchViewModel(repository: URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite))
            screen.photo = (Data(try LooksFixture.photo("dog-bullmastiff.png")), .png)
            await screen.search()
            #expect(screen.results.isEmpty && screen.errorMessage == "Search by photo is not available on this server.")
        }
    }
}
