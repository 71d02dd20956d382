import Foundation
import PetSpotDomain
import SQLiteNIO

/// The subscriptions' bulk loading and full scans, for the benchmarks.
extension SQLiteStore {
    /// Loads confirmed subscriptions in one transaction (the benchmarks' data; no e-mails).
    public func bulkLoadSubscriptions(_ subscriptions: [AlertSubscription]) async throws {
        try await transaction { connection in
            for subscription in subscriptions {
                let box = AlertSchema.box(subscription)
                try await connection.query(
                    """
                    INSERT INTO alert_subscription (id, email, latitude, longitude, radius_km, min_lat, max_lat, min_lng, max_lng,
                        place_name, statuses, species, frequency, language, created_at, confirmed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(subscription.id), .text(subscription.email), .float(subscription.center.latitude),
                        .float(subscription.center.longitude), .float(subscription.radiusKm), .float(box.minLat), .float(box.maxLat),
                        .float(box.minLng), .float(box.maxLng), .text(subscription.statusesText), .text(subscription.speciesText),
                        .text(subscription.frequency.rawValue), .text(subscription.language),
                        .float(subscription.createdAt.timeIntervalSince1970), .float(subscription.createdAt.timeIntervalSince1970),
                    ]
                ) { _ in }
            }
        }
    }

    public func removeAllSubscriptions() async throws {
        try await execute("DELETE FROM alert_subscription")
    }

    public func subscriptionCount() async throws -> Int {
        try await read("SELECT COUNT(*) AS n FROM alert_subscription", []).first?.column("n")?.integer ?? 0
    }

    /// The benchmarks' baseline: every confirmed subscription read (`NOT INDEXED`), the circle checked
    /// for each, as a store without the geo index would.
    public func fullScanSubscriptions(covering point: Coordinate) async throws -> [AlertSubscription] {
        try await read("SELECT \(AlertSchema.columns) FROM alert_subscription NOT INDEXED WHERE confirmed_at IS NOT NULL", [])
            .map(Self.subscription(from:)).filter { $0.center.distanceKm(to: point) < $0.radiusKm }
    }
}
