import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Nearby alerts on every backend: the geo index finds the confirmed subscriptions whose
/// circle covers a point; a report is recorded once per subscription; the daily cap sends the rest to
/// the digest, queued once; unconfirmed subscriptions expire; deleting one deletes its address.
extension StoreContractTests {
    static func subscription(
        _ email: String, at center: Coordinate, km: Double, frequency: AlertSubscription.Frequency = .instant,
        created: Date
    ) -> AlertSubscription {
        AlertSubscription(
            email: email, center: center, radiusKm: km, placeName: "Warsaw", statuses: [.missing, .found], species: nil,
            frequency: frequency, language: "pl", createdAt: created)
    }

    @Test(arguments: StoreBackend.all)
    func alertsAreFoundByAreaToldOnceCappedAndDigested(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let t0 = Date(timeIntervalSince1970: 1_800_000_000)
            let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)
            let near = Self.subscription("near@example.com", at: warsaw, km: 5, created: t0)
            let far = Self.subscription("far@example.com", at: Coordinate(latitude: 50.06, longitude: 19.94), km: 10, created: t0)
            let daily = Self.subscription("daily@example.com", at: warsaw, km: 25, frequency: .daily, created: t0)
            let pending = Self.subscription("pending@example.com", at: warsaw, km: 50, created: t0)
            for subscription in [near, far, daily, pending] {
                try await store.createSubscription(subscription, outbox: [OutboxEntry(kind: .email, payload: subscription.email, createdAt: t0)])
            }
            for subscription in [near, far, daily] { _ = try await store.confirmSubscription(subscription.id, at: t0) }
            let confirmedAgain = try await store.confirmSubscription(near.id, at: t0.addingTimeInterval(99))
            #expect(confirmedAgain.confirmedAt == t0 && confirmedAgain.statuses == [.missing, .found] && confirmedAgain.placeName == "Warsaw")

            // 3 km from the centre: inside the 5 km and 25 km circles; not Kraków's, not the unconfirmed one.
            let point = Coordinate(latitude: 52.2297 + 3 / 111.2, longitude: 21.0122)
            #expect(Set(try await store.subscriptions(covering: point).map(\.email)) == ["near@example.com", "daily@example.com"])
            // 6 km out: only the 25 km circle (the 5 km circle's box corner is not enough).
            let corner = Coordinate(latitude: 52.2297 + 4.3 / 111.2, longitude: 21.0122 + 4.3 / 68.2)
            #expect(try await store.subscriptions(covering: corner).map(\.email) == ["daily@example.com"])

            func deliveries(_ ids: [String], at time: Date) -> [AlertDelivery] {
                ids.map {
                    AlertDelivery(
                        subscriptionID: $0, instantMail: OutboxEntry(kind: .email, payload: "alert:\($0)", createdAt: time),
                        digestAt: t0.addingTimeInterval(3600))
                }
            }
            let first = AnnouncementID("report-1"), second = AnnouncementID("report-2")
            #expect(try await store.recordAlerts(report: first, deliveries: deliveries([near.id, daily.id], at: t0), cap: 1, dayStart: t0, at: t0) == 2)
            #expect(
                try await store.recordAlerts(report: first, deliveries: deliveries([near.id, daily.id], at: t0), cap: 1, dayStart: t0, at: t0) == 0,
                "told once")
            // The second report passes the near subscription's cap of one: it waits for the digest too.
            #expect(try await store.recordAlerts(report: second, deliveries: deliveries([near.id], at: t0), cap: 1, dayStart: t0, at: t0) == 1)
            let outbox = try await store.outbox().map(\.entry)
            #expect(outbox.filter { $0.kind == .email && $0.payload.hasPrefix("alert:") }.map(\.payload) == ["alert:\(near.id)"])
            let digests = outbox.filter { $0.kind == .alertDigest }
            #expect(Set(digests.map(\.payload)) == [near.id, daily.id] && digests.count == 2)
            #expect(try await store.digestReports(near.id) == [second])
            #expect(try await store.digestReports(daily.id) == [first])

            // The digest is due at its time, not before; done once.
            #expect(try await store.claimOutbox(now: t0.addingTimeInterval(3599), lease: 60, limit: 50).filter { $0.kind == .alertDigest }.isEmpty)
            let due = try await store.claimOutbox(now: t0.addingTimeInterval(3601), lease: 60, limit: 50).filter { $0.kind == .alertDigest }
            #expect(due.count == 2)
            let nearDigest = try #require(due.first { $0.payload == near.id })
            #expect(
                try await store.completeDigest(
                    nearDigest.id, subscription: near.id, reports: [second],
                    mail: OutboxEntry(kind: .email, payload: "digest", createdAt: t0), at: t0))
            #expect(try await !store.completeDigest(nearDigest.id, subscription: near.id, reports: [second], mail: nil, at: t0))
            #expect(try await store.digestReports(near.id).isEmpty)

            // Changing the circle moves it in the index.
            var moved = near
            moved.center = Coordinate(latitude: 50.06, longitude: 19.94)
            try await store.updateSubscription(moved)
            #expect(try await store.subscriptions(covering: point).map(\.email) == ["daily@example.com"])

            // Unconfirmed ones expire; deleting takes the address and the deliveries.
            #expect(try await store.expireSubscriptions(createdBefore: t0.addingTimeInterval(1)) == 1)
            await #expect(throws: StoreError.notFound) { try await store.subscription(pending.id) }
            try await store.deleteSubscription(daily.id)
            await #expect(throws: StoreError.notFound) { try await store.subscription(daily.id) }
            #expect(try await store.digestReports(daily.id).isEmpty)
            await #expect(throws: StoreError.notFound) { try await store.deleteSubscription(daily.id) }
        }
    }
}
