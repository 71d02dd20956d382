import Foundation
import Testing
@testable import PetSpotClient

/// The HTTP repository against the real server: the contract's answers become the right values and errors.
@Suite struct URLSessionAnnouncementRepositoryTests {
    static let request = CreateAnnouncementRequest(
        species: "DOG", sex: "MALE", age: 0, locationLatitude: 52.2297, locationLongitude: 21.0122,
        email: "owner@example.com", lastSeenDate: "2025-11-20", status: "MISSING")

    @Test func photoLessReportIsReadableButNotListedUntilItHasAPhoto() async throws {
        try await withTestServer { baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let created = try await repository.createAnnouncement(request: Self.request)
            #expect(created.managementPassword.count == 6)
            let details = try await repository.announcement(id: created.id)
            #expect(details.photoURL == nil && details.phone == nil && details.age == 0)
            let before = try await repository.announcements(near: Coordinate(latitude: 52.23, longitude: 21.01), rangeKm: 5)
            #expect(before.isEmpty)
            // The repository reads the photo from its cached file when it uploads; a file that cannot be
            // read is an error of its own, before anything is sent.
            let file = Fixtures.temporaryDirectory().appendingPathComponent("p.gif")
            let photo = try PhotoAttachmentMetadata(
                fileName: "p.gif", fileSizeBytes: Int64(Fixtures.gif.count), imageType: #require(PhotoImageType(magicBytes: Fixtures.gif)),
                cachedURL: file, savedAt: Date())
            let upload = PhotoUploadRequest(announcementId: created.id, photo: photo, managementPassword: created.managementPassword)
            await #expect(throws: RepositoryError.fileIOError) { try await repository.uploadPhoto(request: upload) }
            #expect(try await repository.announcements(near: Coordinate(latitude: 52.23, longitude: 21.01), rangeKm: 5).isEmpty)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Fixtures.gif.write(to: file)
            try await repository.uploadPhoto(request: upload)
            let after = try await repository.announcements(near: Coordinate(latitude: 52.23, longitude: 21.01), rangeKm: 5)
            #expect(after.map(\.id) == [created.id])
            #expect(after.first?.photoURL?.hasPrefix(baseURL.absoluteString + "/images/") == true)
        }
    }

    @Test func wrongManagementPasswordIsRefused() async throws {
        try await withTestServer { baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let created = try await repository.createAnnouncement(Self.request)
            let wrong = created.managementPassword == "000000" ? "111111" : "000000"
            await #expect(throws: RepositoryError.unauthorized) {
                try await repository.deleteAnnouncement(id: created.id, managementPassword: wrong)
            }
            await #expect(throws: RepositoryError.unauthorized) {
                try await repository.closeAnnouncement(id: created.id, managementPassword: wrong)
            }
            let still = try await repository.announcement(id: created.id)
            #expect(still.status == .missing)
        }
    }

    @Test func invalidReportIsAServerErrorWithItsMessage() async throws {
        try await withTestServer { baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            var invalid = Self.request
            invalid.locationLatitude = 95
            do {
                _ = try await repository.createAnnouncement(invalid)
                Issue.record("an out-of-range latitude was accepted")
            } catch let error as RepositoryError {
                guard case .http(400, let body) = error else { Issue.record("unexpected \(error)"); return }
                #expect(body?.field == "locationLatitude")
                #expect(!error.isConnectivityProblem)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}

/// The owner's matches, from the real server.
@Suite struct MatchesRepositoryTests {
    @Test func theOwnerSeesTheFoundReportWithTheSameChipAndAWrongCodeIsRefused() async throws {
        try await withTestServer { baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            var missing = URLSessionAnnouncementRepositoryTests.request
            missing.microchipNumber = "616093900012345"
            var found = missing
            found.status = "FOUND"
            var ids: [AnnouncementResult] = []
            for request in [missing, found] {
                let created = try await repository.createAnnouncement(request: request)
                let photo = try PhotoAttachmentMetadata(
                    fileName: "p.gif", fileSizeBytes: Int64(Fixtures.gif.count),
                    imageType: #require(PhotoImageType(magicBytes: Fixtures.gif)),
                    cachedURL: URL(fileURLWithPath: "/dev/null"), savedAt: Date())
                try await repository.uploadPhoto(
                    request: PhotoUploadRequest(
                        announcementId: created.id, photo: photo, data: Fixtures.gif,
                        managementPassword: created.managementPassword))
                ids.append(created)
            }
            let matches = try await repository.matches(for: ids[0].id, managementPassword: ids[0].managementPassword)
            #expect(matches.first?.announcement.id == ids[1].id.rawValue && matches.first?.reason == "MICROCHIP")
            await #expect(throws: RepositoryError.unauthorized) {
                try await repository.matches(for: ids[0].id, managementPassword: ids[0].managementPassword == "000000" ? "111111" : "000000")
            }
        }
    }
}
