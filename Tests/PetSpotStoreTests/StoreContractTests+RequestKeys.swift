import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Reports filed under an idempotency key, on every backend: the first files, a retry (even at once)
/// files nothing and is answered the first report, and a key is forgotten after its lifetime.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func aKeyFilesOneReportEvenWhenCopiesArriveAtOnce(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let key = RequestKey(key: "k1", fingerprint: "f1", at: at)
            let earlier = try await withThrowingTaskGroup(of: RequestKey.Earlier?.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        try await store.create(
                            Announcement.mock(photoURL: "/images/x.jpg"), privateDetails: nil, passwordHash: "h", outbox: [], key: key)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(earlier.filter { $0 == nil }.count == 1, "one filed")
            let filed = try #require(earlier.compactMap { $0 }.first?.reportID)
            #expect(earlier.compactMap { $0 }.allSatisfy { $0 == RequestKey.Earlier(reportID: filed, fingerprint: "f1") })
            #expect(try await store.list(AnnouncementQuery()).map(\.id) == [filed])
            #expect(try await store.report(filedUnder: "k1", since: at) == RequestKey.Earlier(reportID: filed, fingerprint: "f1"))
            #expect(try await store.report(filedUnder: "k2", since: at) == nil)

            // A day later the key is forgotten: it files anew.
            let later = RequestKey(key: "k1", fingerprint: "f1", at: at.addingTimeInterval(RequestKey.lifetime + 60))
            #expect(try await store.report(filedUnder: "k1", since: later.at.addingTimeInterval(-RequestKey.lifetime)) == nil)
            #expect(try await store.create(Announcement.mock(photoURL: "/images/y.jpg"), privateDetails: nil, passwordHash: "h", outbox: [], key: later) == nil)
            #expect(try await store.list(AnnouncementQuery()).count == 2)
        }
    }
}
