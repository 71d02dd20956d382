import Foundation
import PetSpotDomain
import PostgresNIO

/// Nearby alerts on PostgreSQL: the circles' boxes in a cube GiST; recording locks each subscription's
/// row, so the daily cap holds across instances.
extension PostgresStore {
    public func createSubscription(_ subscription: AlertSubscription, outbox: [OutboxEntry]) async throws {
        let box = AlertSchema.box(subscription)
        try await transaction { connection in
            try await connection.query(
                """
                \(unescaped: AlertSchema.insertColumns)
                VALUES (\(subscription.id), \(subscription.email), \(subscription.center.latitude), \(subscription.center.longitude),
                        \(subscription.radiusKm), \(box.minLat), \(box.maxLat), \(box.minLng), \(box.maxLng), \(subscription.placeName),
                        \(subscription.statusesText), \(subscription.speciesText), \(subscription.frequency.rawValue),
                        \(subscription.language), \(subscription.createdAt.timeIntervalSince1970),
                        \(subscription.confirmedAt?.timeIntervalSince1970))
                """, logger: logger)
            try await Self.enqueue(outbox, on: connection, logger: logger)
        }
    }

    public func subscription(_ id: String) async throws -> AlertSubscription {
        guard let row = try await rows("SELECT \(unescaped: AlertSchema.columns) FROM alert_subscription WHERE id = \(id)").first else {
            throw StoreError.notFound
        }
        return try Self.subscription(from: row)
    }

    public func confirmSubscription(_ id: String, at: Date) async throws -> AlertSubscription {
        guard
            let row = try await rows(
                """
                UPDATE alert_subscription SET confirmed_at = COALESCE(confirmed_at, \(at.timeIntervalSince1970)) WHERE id = \(id)
                RETURNING \(unescaped: AlertSchema.columns)
                """
            ).first
        else { throw StoreError.notFound }
        return try Self.subscription(from: row)
    }

    public func updateSubscription(_ subscription: AlertSubscription) async throws {
        let box = AlertSchema.box(subscription)
        let changed = try await rows(
            """
            UPDATE alert_subscription SET latitude = \(subscription.center.latitude), longitude = \(subscription.center.longitude),
                radius_km = \(subscription.radiusKm), min_lat = \(box.minLat), max_lat = \(box.maxLat), min_lng = \(box.minLng),
                max_lng = \(box.maxLng), place_name = \(subscription.placeName), statuses = \(subscription.statusesText),
                species = \(subscription.speciesText), frequency = \(subscription.frequency.rawValue), language = \(subscription.language)
            WHERE id = \(subscription.id) RETURNING id
            """)
        guard !changed.isEmpty else { throw StoreError.notFound }
    }

    public func deleteSubscription(_ id: String) async throws {
        let deleted = try await transaction { connection in
            let rows = try await connection.query("DELETE FROM alert_subscription WHERE id = \(id) RETURNING id", logger: logger).collect()
            try await connection.query("DELETE FROM alert_delivery WHERE subscription_id = \(id)", logger: logger)
            return rows.count
        }
        guard deleted > 0 else { throw StoreError.notFound }
    }

    public func expireSubscriptions(createdBefore before: Date) async throws -> Int {
        try await transaction { connection in
            let ids = try await connection.query(
                """
                DELETE FROM alert_subscription WHERE confirmed_at IS NULL AND created_at < \(before.timeIntervalSince1970) RETURNING id
                """, logger: logger
            ).collect().map { try $0.decode(String.self) }
            if !ids.isEmpty { try await connection.query("DELETE FROM alert_delivery WHERE subscription_id = ANY(\(ids))", logger: logger) }
            return ids.count
        }
    }

    public func subscriptions(covering point: Coordinate, within km: Double) async throws -> [AlertSubscription] {
        let box = point.searchBox(km: km)
        return try await rows(
            """
            SELECT \(unescaped: AlertSchema.columns) FROM alert_subscription
            WHERE cube(ARRAY[min_lat, min_lng], ARRAY[max_lat, max_lng])
                  && cube(ARRAY[\(box.minLat), \(box.minLng)]::float8[], ARRAY[\(box.maxLat), \(box.maxLng)]::float8[])
              AND confirmed_at IS NOT NULL
            """
        ).map(Self.subscription(from:)).filter { $0.meets(point, within: km) }
    }

    public func recordAlerts(report: AnnouncementID, deliveries: [AlertDelivery], cap: Int, dayStart: Date, at: Date) async throws -> Int {
        guard !deliveries.isEmpty else { return 0 }
        let time = at.timeIntervalSince1970
        return try await transaction { connection in
            var added = 0
            for delivery in deliveries {
                let id = delivery.subscriptionID
                let found = try await connection.query(
                    """
                    SELECT frequency FROM alert_subscription WHERE id = \(id) AND confirmed_at IS NOT NULL FOR UPDATE
                    """, logger: logger
                ).collect()
                guard let frequency = try found.first?.decode(String.self) else { continue }
                var instant = frequency == AlertSubscription.Frequency.instant.rawValue
                if instant {
                    let sent =
                        try await connection.query(
                            """
                            SELECT COUNT(*)::int8 FROM alert_delivery WHERE subscription_id = \(id) AND mode = 'INSTANT'
                              AND created_at >= \(dayStart.timeIntervalSince1970)
                            """, logger: logger
                        ).collect().first?.decode(Int.self) ?? 0
                    instant = sent < cap
                }
                let inserted = try await connection.query(
                    """
                    INSERT INTO alert_delivery (subscription_id, announcement_id, mode, created_at, sent_at)
                    VALUES (\(id), \(report.rawValue), \(instant ? "INSTANT" : "DIGEST"), \(time), \(instant ? time : nil))
                    ON CONFLICT DO NOTHING RETURNING subscription_id
                    """, logger: logger
                ).collect()
                guard !inserted.isEmpty else { continue }
                added += 1
                if instant {
                    try await Self.enqueue([delivery.instantMail], on: connection, logger: logger)
                    continue
                }
                let waiting = try await connection.query(
                    """
                    SELECT 1 FROM outbox WHERE kind = \(OutboxEntry.Kind.alertDigest.rawValue) AND payload = \(id) AND state = 'pending'
                    """, logger: logger
                ).collect()
                if waiting.isEmpty {
                    try await Self.enqueue([AlertSchema.digest(for: id, at: at, due: delivery.digestAt)], on: connection, logger: logger)
                }
            }
            return added
        }
    }

    public func digestReports(_ subscriptionID: String) async throws -> [AnnouncementID] {
        try await rows(
            """
            SELECT announcement_id FROM alert_delivery WHERE subscription_id = \(subscriptionID) AND mode = 'DIGEST' AND sent_at IS NULL
            ORDER BY created_at, announcement_id
            """
        ).map { AnnouncementID(try $0.decode(String.self)) }
    }

    public func completeDigest(_ entryID: String, subscription: String, reports: [AnnouncementID], mail: OutboxEntry?, at: Date) async throws -> Bool {
        let time = at.timeIntervalSince1970
        return try await transaction { connection in
            guard try await self.markOutboxDone(entryID, at: time, on: connection) else { return false }
            try await connection.query(
                """
                UPDATE alert_delivery SET sent_at = \(time) WHERE subscription_id = \(subscription) AND announcement_id = ANY(\(reports.map(\.rawValue)))
                """, logger: logger)
            if let mail { try await Self.enqueue([mail], on: connection, logger: logger) }
            return true
        }
    }

    static func subscription(from row: PostgresRow) throws -> AlertSubscription {
        let (id, email, lat, lng, radius, place, statuses, species, frequency, language, created, confirmed) = try row.decode(
            (String, String, Double, Double, Double, String?, String, String, String, String, Double, Double?).self)
        return AlertSchema.subscription(
            id: id, email: email, latitude: lat, longitude: lng, radius: radius, place: place,
            statuses: statuses, species: species, frequency: frequency, language: language,
            created: created, confirmed: confirmed)
    }
}
