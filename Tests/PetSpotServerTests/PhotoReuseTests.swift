import Foundation
import PetSpotDomain
import PetSpotLooks
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// One photo in two reports, found by the looks job with the real model: the later report goes to the operators'
/// queue as a duplicate of the earlier one, with a flag that holds nothing; a report with another pet's photo,
/// and the earlier report, are left alone.
@Suite struct PhotoReuseTests {
    @Test func aPhotoReusedInAnotherReportIsFlaggedForTheOperators() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "reuse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = InMemoryStore(), photos = try PhotoStorage(dataDirectory: directory)
        let looks = LooksService(
            store: store, photos: photos, notifier: nil, files: LooksFiles(directory: try LooksFixture.installed()),
            lockout: LockoutPolicy(store: store), logger: quietLogger)
        func file(_ photo: String, status: AnnouncementStatus, minutesAgo: Double) async throws -> AnnouncementID {
            let report = Announcement.mock(status: status, createdAt: Date().addingTimeInterval(-minutesAgo * 60))
            try await store.create(report, passwordHash: "h")
            let upload = directory.appending(path: UUID().uuidString)
            try Data(try LooksFixture.photo(photo)).write(to: upload)
            let type: ImageType = photo.hasSuffix(".webp") ? .webp : .png
            let name = try await photos.install(upload, for: report.id.rawValue, type: type)
            _ = try await store.setPhoto(report.id, url: "/images/\(name)", file: name, at: Date(), outbox: [])
            return report.id
        }
        let original = try await file("chelsea.png", status: .missing, minutesAgo: 60)
        let other = try await file("dog-bullmastiff.png", status: .missing, minutesAgo: 30)
        #expect(try await looks.makeQueuedLooks() == 2)
        // The same cat's photo, saved again as WebP, in somebody's "found" report.
        let copy = try await file("chelsea.webp", status: .found, minutesAgo: 0)
        #expect(try await looks.makeQueuedLooks() == 1)

        let flags = try await store.flags(on: FlaggedItem(.report, copy.rawValue))
        #expect(flags.count == 1)
        #expect(flags.first?.reason == .duplicate && flags.first?.duplicateOf == original && flags.first?.weight == 0)
        #expect(flags.first?.client == LooksService.reuseFlagger)
        #expect(try await store.moderationQueue(limit: 10).map(\.item.id) == [copy.rawValue])
        #expect(try await store.find(copy).moderation == .visible, "a signal for an operator, not a hold")
        #expect(try await store.flags(on: FlaggedItem(.report, original.rawValue)).isEmpty)
        #expect(try await store.flags(on: FlaggedItem(.report, other.rawValue)).isEmpty)
    }
}
