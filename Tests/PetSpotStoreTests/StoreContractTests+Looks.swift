import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Looks on every backend: a stored photo is queued by the store itself; its look is kept only while the
/// report still shows that photo, and only then is the report's match scan queued with it; a new photo queues
/// again; a photo that cannot be compared is not queued again; deletion takes the look along.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func photosAreQueuedForTheirLookAndLooksFollowTheCurrentPhoto(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let report = Announcement.mock(photoURL: nil), plain = Announcement.mock(photoURL: nil)
            try await store.create(report, passwordHash: "h")
            try await store.create(plain, passwordHash: "h")
            #expect(try await store.queuedLooks(limit: 10).isEmpty, "no photo, nothing to look at")

            _ = try await store.setPhoto(report.id, url: "/images/\(report.id.rawValue).jpg", file: "first.jpg", at: now, outbox: [])
            let first = LookSubject(kind: .report, id: report.id.rawValue, file: "first.jpg")
            #expect(try await store.queuedLooks(limit: 10) == [first])

            let look = try #require(PhotoLook(features: (0..<PhotoLook.count).map { Float($0 % 7) }))
            // The owner sends another photo while the first one's look is being made: that look is not kept.
            _ = try await store.setPhoto(report.id, url: "/images/\(report.id.rawValue).png", file: "second.png", at: now, outbox: [])
            let scan = { OutboxEntry(kind: .matchScan, payload: report.id.rawValue, createdAt: now) }
            try await store.saveLook(look, of: first, outbox: [scan()])
            #expect(try await store.looks(ofReports: [report.id, plain.id]).isEmpty)
            #expect(try await store.outbox().isEmpty, "a look not kept queues no scan")
            let second = LookSubject(kind: .report, id: report.id.rawValue, file: "second.png")
            #expect(try await store.queuedLooks(limit: 10) == [second])

            try await store.saveLook(look, of: second, outbox: [scan()])
            #expect(try await store.queuedLooks(limit: 10).isEmpty)
            #expect(try await store.looks(ofReports: [report.id, plain.id]) == [report.id: look])
            #expect(try await store.outbox().map(\.entry.kind) == [.matchScan], "the kept look queues the report's match scan")

            // A sighting's photo is queued too; one that cannot be compared is kept as such, not retried.
            let sighting = Sighting(
                reportID: report.id, seenAt: now, location: Coordinate(latitude: 52.2, longitude: 21.0), note: nil, createdAt: now)
            try await store.addSighting(sighting, photoFile: "seen.heic", watcher: nil, noticeGap: 600)
            let seen = LookSubject(kind: .sighting, id: sighting.id, file: "seen.heic")
            #expect(try await store.queuedLooks(limit: 10) == [seen])
            try await store.saveLook(nil, of: seen, outbox: [scan()])
            #expect(try await store.outbox().filter { $0.entry.kind == .matchScan }.count == 1, "a photo that cannot be compared queues no scan")
            #expect(try await store.queuedLooks(limit: 10).isEmpty)

            _ = try await store.delete(report.id)
            #expect(try await store.looks(ofReports: [report.id]).isEmpty)
            #expect(try await store.queuedLooks(limit: 10).isEmpty)
        }
    }
}
