import Foundation
import PetSpotDomain

/// A report a subscription was told about, as the SQL stores keep it.
struct AlertDeliveryRow: Sendable {
    var subscription: String
    var report: AnnouncementID
    var instant: Bool
    var createdAt: Date
    var sentAt: Date?
}

/// Nearby alerts in memory: the same contract, scanning instead of an index.
extension InMemoryStore {
    public func createSubscription(_ subscription: AlertSubscription, outbox: [OutboxEntry]) {
        alertSubscriptions[subscription.id] = subscription
        enqueue(outbox)
    }

    public func subscription(_ id: String) throws -> AlertSubscription {
        guard let subscription = alertSubscriptions[id] else { throw StoreError.notFound }
        return subscription
    }

    public func confirmSubscription(_ id: String, at: Date) throws -> AlertSubscription {
        guard var subscription = alertSubscriptions[id] else { throw StoreError.notFound }
        subscription.confirmedAt = subscription.confirmedAt ?? at
        alertSubscriptions[id] = subscription
        return subscription
    }

    public func updateSubscription(_ subscription: AlertSubscription) throws {
        guard let stored = alertSubscriptions[subscription.id] else { throw StoreError.notFound }
        var updated = subscription
        updated.email = stored.email
        updated.createdAt = stored.createdAt
        updated.confirmedAt = stored.confirmedAt
        alertSubscriptions[subscription.id] = updated
    }

    public func deleteSubscription(_ id: String) throws {
        guard alertSubscriptions.removeValue(forKey: id) != nil else { throw StoreError.notFound }
        alertDeliveries.removeAll { $0.subscription == id }
    }

    public func expireSubscriptions(createdBefore before: Date) -> Int {
        let expired = alertSubscriptions.values.filter { $0.confirmedAt == nil && $0.createdAt < before }.map(\.id)
        for id in expired { try? deleteSubscription(id) }
        return expired.count
    }

    public func subscriptions(covering point: Coordinate, within km: Double) -> [AlertSubscription] {
        alertSubscriptions.values.filter { $0.confirmedAt != nil && $0.meets(point, within: km) }
    }

    public func recordAlerts(report: AnnouncementID, deliveries: [AlertDelivery], cap: Int, dayStart: Date, at: Date) -> Int {
        var added = 0
        for delivery in deliveries {
            guard let subscription = alertSubscriptions[delivery.subscriptionID], subscription.confirmedAt != nil,
                !alertDeliveries.contains(where: { $0.subscription == delivery.subscriptionID && $0.report == report })
            else { continue }
            let sentToday = alertDeliveries.filter { $0.subscription == delivery.subscriptionID && $0.instant && $0.createdAt >= dayStart }.count
            let instant = subscription.frequency == .instant && sentToday < cap
            alertDeliveries.append(
                AlertDeliveryRow(
                    subscription: delivery.subscriptionID, report: report, instant: instant, createdAt: at,
                    sentAt: instant ? at : nil))
            added += 1
            if instant {
                enqueue([delivery.instantMail])
            } else if !outboxRecords.contains(where: {
                $0.state == .pending && $0.entry.kind == .alertDigest
                    && $0.entry.payload == delivery.subscriptionID
            }) {
                enqueue([AlertSchema.digest(for: delivery.subscriptionID, at: at, due: delivery.digestAt)])
            }
        }
        return added
    }

    public func digestReports(_ subscriptionID: String) -> [AnnouncementID] {
        alertDeliveries.filter { $0.subscription == subscriptionID && !$0.instant && $0.sentAt == nil }
            .sorted { ($0.createdAt, $0.report.rawValue) < ($1.createdAt, $1.report.rawValue) }.map(\.report)
    }

    public func completeDigest(_ entryID: String, subscription: String, reports: [AnnouncementID], mail: OutboxEntry?, at: Date) -> Bool {
        guard completeOutbox(entryID, at: at, notices: []) else { return false }
        for index in alertDeliveries.indices
        where alertDeliveries[index].subscription == subscription
            && reports.contains(alertDeliveries[index].report)
        {
            alertDeliveries[index].sentAt = at
        }
        if let mail { enqueue([mail]) }
        return true
    }
}
