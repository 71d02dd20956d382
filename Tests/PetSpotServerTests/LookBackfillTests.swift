import Foundation
import NIOConcurrencyHelpers
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// `petspot model embed` on a real SQLite data folder with the real model: the photos stored while look-alikes
/// were off get their looks, the progress is told as it goes, and a second run has nothing left to do.
@Suite struct LookBackfillTests {
    @Test func photosStoredBeforeLookAlikesGetTheirLooks() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "backfill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.looksDirectory = try LooksFixture.installed()
        let photos = try PhotoStorage(dataDirectory: directory)
        let ids = try await StorageSelection.withStore(configuration, logger: quietLogger) { store in
            var ids: [AnnouncementID] = []
            for photo in ["chelsea.png", "dog-bullmastiff.png", "mouse.png"] {
                let report = Announcement.mock()
                try await store.create(report, passwordHash: "h")
                let upload = directory.appending(path: UUID().uuidString)
                try Data(try LooksFixture.photo(photo)).write(to: upload)
                let name = try await photos.install(upload, for: report.id.rawValue, type: .png)
                _ = try await store.setPhoto(report.id, url: "/images/\(name)", file: name, at: Date(), outbox: [])
                ids.append(report.id)
            }
            return ids
        }
        let seen = NIOLockedValueBox<[LookBackfill.Progress]>([])
        #expect(try await LookBackfill.run(configuration, batch: 2, logger: quietLogger) { progress in seen.withLockedValue { $0.append(progress) } } == 3)
        #expect(seen.withLockedValue { $0.map(\.done) } == [2, 3])
        #expect(seen.withLockedValue { $0.allSatisfy { $0.total == 3 && $0.millisecondsEach > 0 } })
        let looks = try await StorageSelection.withStore(configuration, logger: quietLogger) { try await $0.looks(ofReports: ids) }
        #expect(looks.count == 3)
        #expect(try await LookBackfill.run(configuration, logger: quietLogger) { _ in } == 0, "nothing left for a second run")

        var off = configuration
        off.looksDirectory = directory.appending(path: "no-model")
        await #expect(throws: LookBackfill.LooksOff.self) { try await LookBackfill.run(off, logger: quietLogger) { _ in } }
    }
}
