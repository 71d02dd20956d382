import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// "My reports" on every backend: everything one address has, whatever its case; a link that
/// opens it once and not after it expires, even when used twice at once; a code replaced; an address added.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func anAddressFindsItsReportsWatchesAndSubscriptions(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            var older = Announcement.mock(email: "Owner@Example.pl", createdAt: at)
            older.status = .closed
            let newer = Announcement.mock(email: "owner@example.pl", createdAt: at.addingTimeInterval(60))
            let other = Announcement.mock(email: "someone@example.pl", createdAt: at)
            let phoneOnly = Announcement.mock(email: nil, createdAt: at)
            for report in [older, newer, other, phoneOnly] { try await store.create(report, passwordHash: "h") }
            #expect(try await store.reports(withEmail: "OWNER@example.PL", limit: 10).map(\.id) == [newer.id, older.id])
            #expect(try await store.reports(withEmail: "nobody@example.pl", limit: 10).isEmpty)

            let sighting = Sighting(reportID: other.id, seenAt: at, location: other.location, note: nil, createdAt: at)
            try await store.addSighting(sighting, photoFile: nil, watcher: SightingWatcher(email: "owner@EXAMPLE.pl", language: "en"), noticeGap: 60)
            #expect(try await store.watches(withEmail: "owner@example.pl") == [SightingWatch(sightingID: sighting.id, reportID: other.id, seenAt: at)])
            #expect(try await !store.forgetWatch(sighting.id, email: "someone@example.pl"), "only its own address forgets a watch")
            #expect(try await store.forgetWatch(sighting.id, email: "owner@example.pl"))
            #expect(try await store.watches(withEmail: "owner@example.pl").isEmpty)

            let subscription = Self.subscription("Owner@example.pl", at: other.location, km: 5, created: at)
            try await store.createSubscription(subscription, outbox: [])
            #expect(try await store.subscriptions(withEmail: "owner@example.pl").map(\.id) == [subscription.id])

            try await store.replacePasswordHash(
                of: newer.id, with: "new-hash",
                outbox: [OutboxEntry(kind: .email, payload: "new code", createdAt: at)])
            #expect(try await store.passwordHash(of: newer.id) == "new-hash")
            #expect(try await store.outbox().contains { $0.entry.payload == "new code" })
            await #expect(throws: StoreError.notFound) { try await store.replacePasswordHash(of: AnnouncementID("nope"), with: "x", outbox: []) }
            #expect(try await store.addEmail("late@example.pl", to: phoneOnly.id))
            #expect(try await !store.addEmail("thief@example.pl", to: newer.id), "an address is never replaced")
            #expect(try await store.find(phoneOnly.id).email == "late@example.pl")
            #expect(try await store.find(newer.id).email == "owner@example.pl")
        }
    }

    /// Case aside means every letter's case, not ASCII's alone (SQLite's `lower()` folds ASCII only; a
    /// backend audit found such an address's reports found on PostgreSQL and not on SQLite).
    @Test(arguments: StoreBackend.all)
    func anAddressWithNonASCIICapitalsFindsItsReports(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let report = Announcement.mock(email: "ŁUCJA.ŻAK@Example.com", createdAt: at)
            try await store.create(report, passwordHash: "h")
            for typed in ["ŁUCJA.ŻAK@Example.com", "łucja.żak@example.com", "Łucja.Żak@EXAMPLE.com"] {
                #expect(try await store.reports(withEmail: typed, limit: 10).map(\.id) == [report.id], "\(typed)")
                #expect(try await store.lookUp(typed, limit: 10).map(\.id) == [report.id], "\(typed)")
            }
            #expect(try await store.reports(withEmail: "lucja.zak@example.com", limit: 10).isEmpty)
            let subscription = Self.subscription("ŻANETA@example.pl", at: report.location, km: 5, created: at)
            try await store.createSubscription(subscription, outbox: [])
            #expect(try await store.subscriptions(withEmail: "żaneta@example.pl").map(\.id) == [subscription.id])
        }
    }

    @Test(arguments: StoreBackend.all)
    func aLinkOpensOnceAndNotAfterItExpires(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            try await store.createLink(nonce: "n1", email: "owner@example.pl", expiresAt: at.addingTimeInterval(1800))
            try await store.createLink(nonce: "n2", email: "owner@example.pl", expiresAt: at.addingTimeInterval(1800))
            #expect(try await store.redeemLink(nonce: "n2", at: at.addingTimeInterval(1801)) == nil, "expired")
            #expect(try await store.redeemLink(nonce: "unknown", at: at) == nil)
            let uses = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<6 { group.addTask { try await store.redeemLink(nonce: "n1", at: at.addingTimeInterval(10)) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(uses.compactMap { $0 } == ["owner@example.pl"], "one use of six at once")
        }
    }
}
