import Foundation
import PetSpotDomain
import SQLiteNIO

/// Nearby alerts on SQLite: the circles' boxes in an R*Tree; every change on the single writer.
extension SQLiteStore {
    public func createSubscription(_ subscription: AlertSubscription, outbox: [OutboxEntry]) async throws {
        let box = AlertSchema.box(subscription)
        try await transaction { connection in
            try await connection.query(
                AlertSchema.insertColumns + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(subscription.id), .text(subscription.email), .float(subscription.center.latitude),
                    .float(subscription.center.longitude), .float(subscription.radiusKm), .float(box.minLat), .float(box.maxLat),
                    .float(box.minLng), .float(box.maxLng), subscription.placeName.sqlite, .text(subscription.statusesText),
                    .text(subscription.speciesText), .text(subscription.frequency.rawValue), .text(subscription.language),
                    .float(subscription.createdAt.timeIntervalSince1970),
                    subscription.confirmedAt.map { .float($0.timeIntervalSince1970) } ?? .null,
                ]
            ) { _ in }
            try await Self.enqueue(outbox, on: connection)
        }
    }

    public func subscription(_ id: String) async throws -> AlertSubscription {
        guard let row = try await read("SELECT \(AlertSchema.columns) FROM alert_subscription WHERE id = ?", [.text(id)]).first else {
            throw StoreError.notFound
        }
        return Self.subscription(from: row)
    }

    public func confirmSubscription(_ id: String, at: Date) async throws -> AlertSubscription {
        let rows = try await transaction { connection in
            try await self.rows(
                """
                UPDATE alert_subscription SET confirmed_at = COALESCE(confirmed_at, ?) WHERE id = ? RETURNING \(AlertSchema.columns)
                """, [.float(at.timeIntervalSince1970), .text(id)], on: connection)
        }
        guard let row = rows.first else { throw StoreError.notFound }
        return Self.subscription(from: row)
    }

    public func updateSubscription(_ subscription: AlertSubscription) async throws {
        let box = AlertSchema.box(subscription)
        let changed = try await transaction { connection in
            try await self.rows(
                """
                UPDATE alert_subscription SET latitude = ?, longitude = ?, radius_km = ?, min_lat = ?, max_lat = ?, min_lng = ?,
                    max_lng = ?, place_name = ?, statuses = ?, species = ?, frequency = ?, language = ? WHERE id = ? RETURNING id
                """,
                [
                    .float(subscription.center.latitude), .float(subscription.center.longitude), .float(subscription.radiusKm),
                    .float(box.minLat), .float(box.maxLat), .float(box.minLng), .float(box.maxLng), subscription.placeName.sqlite,
                    .text(subscription.statusesText), .text(subscription.speciesText), .text(subscription.frequency.rawValue),
                    .text(subscription.language), .text(subscription.id),
                ], on: connection)
        }
        guard !changed.isEmpty else { throw StoreError.notFound }
    }

    public func deleteSubscription(_ id: String) async throws {
        let deleted = try await transaction { connection in
            try await self.rows("DELETE FROM alert_subscription WHERE id = ? RETURNING id", [.text(id)], on: connection)
        }
        guard !deleted.isEmpty else { throw StoreError.notFound }
    }

    public func expireSubscriptions(createdBefore before: Date) async throws -> Int {
        try await transaction { connection in
            try await self.rows(
                "DELETE FROM alert_subscription WHERE confirmed_at IS NULL AND created_at < ? RETURNING id",
                [.float(before.timeIntervalSince1970)], on: connection
            ).count
        }
    }

    public func subscriptions(covering point: Coordinate, within km: Double) async throws -> [AlertSubscription] {
        let box = point.searchBox(km: km)
        return try await read(
            """
            SELECT \(AlertSchema.columns.split(separator: ",").map { "s." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
            FROM alert_subscription_geo g JOIN alert_subscription s ON s.seq = g.id
            WHERE g.min_lat <= ?2 AND g.max_lat >= ?1 AND g.min_lng <= ?4 AND g.max_lng >= ?3 AND s.confirmed_at IS NOT NULL
            """, [.float(box.minLat), .float(box.maxLat), .float(box.minLng), .float(box.maxLng)]
        )
        .map(Self.subscription(from:)).filter { $0.meets(point, within: km) }
    }

    public func recordAlerts(report: AnnouncementID, deliveries: [AlertDelivery], cap: Int, dayStart: Date, at: Date) async throws -> Int {
        guard !deliveries.isEmpty else { return 0 }
        return try await transaction { connection in
            var added = 0
            for delivery in deliveries {
                let subscription = try await self.rows(
                    "SELECT frequency FROM alert_subscription WHERE id = ? AND confirmed_at IS NOT NULL",
                    [.text(delivery.subscriptionID)], on: connection)
                guard let frequency = subscription.first?.column("frequency")?.string else { continue }
                var instant = frequency == AlertSubscription.Frequency.instant.rawValue
                if instant {
                    let sent = try await self.rows(
                        """
                        SELECT COUNT(*) AS n FROM alert_delivery WHERE subscription_id = ? AND mode = 'INSTANT' AND created_at >= ?
                        """, [.text(delivery.subscriptionID), .float(dayStart.timeIntervalSince1970)], on: connection)
                    instant = (sent.first?.column("n")?.integer ?? 0) < cap
                }
                let inserted = try await self.rows(
                    """
                    INSERT INTO alert_delivery (subscription_id, announcement_id, mode, created_at, sent_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING RETURNING subscription_id
                    """,
                    [
                        .text(delivery.subscriptionID), .text(report.rawValue), .text(instant ? "INSTANT" : "DIGEST"),
                        .float(at.timeIntervalSince1970), instant ? .float(at.timeIntervalSince1970) : .null,
                    ], on: connection)
                guard !inserted.isEmpty else { continue }
                added += 1
                if instant {
                    try await Self.enqueue([delivery.instantMail], on: connection)
                    continue
                }
                let waiting = try await self.rows(
                    "SELECT 1 FROM outbox WHERE kind = ? AND payload = ? AND state = 'pending'",
                    [.text(OutboxEntry.Kind.alertDigest.rawValue), .text(delivery.subscriptionID)], on: connection)
                if waiting.isEmpty {
                    try await Self.enqueue([AlertSchema.digest(for: delivery.subscriptionID, at: at, due: delivery.digestAt)], on: connection)
                }
            }
            return added
        }
    }

    public func digestReports(_ subscriptionID: String) async throws -> [AnnouncementID] {
        try await read(
            """
            SELECT announcement_id FROM alert_delivery WHERE subscription_id = ? AND mode = 'DIGEST' AND sent_at IS NULL
            ORDER BY created_at, announcement_id
            """, [.text(subscriptionID)]
        ).compactMap { $0.column("announcement_id")?.string.map { AnnouncementID($0) } }
    }

    public func completeDigest(_ entryID: String, subscription: String, reports: [AnnouncementID], mail: OutboxEntry?, at: Date) async throws -> Bool {
        try await transaction { connection in
            guard try await self.markOutboxDone(entryID, at: at, on: connection) else { return false }
            for report in reports {
                try await connection.query(
                    "UPDATE alert_delivery SET sent_at = ? WHERE subscription_id = ? AND announcement_id = ?",
                    [.float(at.timeIntervalSince1970), .text(subscription), .text(report.rawValue)]
                ) { _ in }
            }
            if let mail { try await Self.enqueue([mail], on: connection) }
            return true
        }
    }

    static func subscription(from row: some SQLiteColumns) -> AlertSubscription {
        func text(_ name: String) -> String { row.column(name)?.string ?? "" }
        func number(_ name: String) -> Double { row.column(name)?.double ?? 0 }
        return AlertSchema.subscription(
            id: text("id"), email: text("email"), latitude: number("latitude"), longitude: number("longitude"),
            radius: number("radius_km"), place: row.column("place_name")?.string, statuses: text("statuses"),
            species: text("species"), frequency: text("frequency"), language: text("language"),
            created: number("created_at"), confirmed: row.column("confirmed_at")?.double)
    }
}
