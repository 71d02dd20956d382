import Foundation
import PetSpotDomain

/// One subscription to tell about a new report: its e-mail if it goes at once, and when its digest goes
/// if it waits for one.
public struct AlertDelivery: Sendable {
    public var subscriptionID: String
    public var instantMail: OutboxEntry
    /// When the digest goes if this one waits for it (a daily subscription, or the day's cap reached).
    public var digestAt: Date

    public init(subscriptionID: String, instantMail: OutboxEntry, digestAt: Date) {
        self.subscriptionID = subscriptionID
        self.instantMail = instantMail
        self.digestAt = digestAt
    }
}

/// Nearby alerts: subscriptions found by a geo index of their circles, and a record of which
/// report each was told about, so nobody hears of one report twice.
public protocol AlertStore: Sendable {
    /// Stores a new, unconfirmed subscription and queues its confirmation e-mail, in one transaction.
    func createSubscription(_ subscription: AlertSubscription, outbox: [OutboxEntry]) async throws
    /// `.notFound` when there is none.
    func subscription(_ id: String) async throws -> AlertSubscription
    /// Confirms it (again is fine) and returns it.
    func confirmSubscription(_ id: String, at: Date) async throws -> AlertSubscription
    /// Changes where, how far, what and how often (the address stays).
    func updateSubscription(_ subscription: AlertSubscription) async throws
    /// Deletes the subscription with its address and its deliveries; `.notFound` when there is none.
    func deleteSubscription(_ id: String) async throws
    /// Deletes the unconfirmed subscriptions made before `before`; returns how many.
    func expireSubscriptions(createdBefore before: Date) async throws -> Int
    /// The confirmed subscriptions whose circle meets the circle of `km` around `point` (covers the
    /// point, for 0), found through the geo index.
    func subscriptions(covering point: Coordinate, within km: Double) async throws -> [AlertSubscription]
    /// Records that `report` goes to each delivery's subscription, once: a subscription told before is
    /// skipped. An instant subscription under `cap` instant e-mails since `dayStart` gets its e-mail
    /// queued; the others wait for their digest, which is queued (at its `digestAt`) unless one waits.
    /// One transaction; returns how many subscriptions were new to the report.
    func recordAlerts(report: AnnouncementID, deliveries: [AlertDelivery], cap: Int, dayStart: Date, at: Date) async throws -> Int
    /// The reports waiting for a subscription's digest, oldest first.
    func digestReports(_ subscriptionID: String) async throws -> [AnnouncementID]
    /// Marks the digest entry done and `reports` sent, and queues `mail`, in one transaction; false when
    /// the entry is not pending.
    func completeDigest(_ entryID: String, subscription: String, reports: [AnnouncementID], mail: OutboxEntry?, at: Date) async throws -> Bool
}

extension AlertStore {
    /// The confirmed subscriptions whose circle covers `point`.
    public func subscriptions(covering point: Coordinate) async throws -> [AlertSubscription] {
        try await subscriptions(covering: point, within: 0)
    }
}

extension AlertSubscription {
    /// True when this circle meets the circle of `km` around `point`.
    func meets(_ point: Coordinate, within km: Double) -> Bool { center.distanceKm(to: point) < radiusKm + km }
}

extension Coordinate {
    /// The query box of `subscriptions(covering:within:)`: the point itself, or the box around its circle
    /// (every longitude when that box wraps past ±180°, rare enough to read a few more rows).
    func searchBox(km: Double) -> (minLat: Double, maxLat: Double, minLng: Double, maxLng: Double) {
        guard km > 0 else { return (latitude, latitude, longitude, longitude) }
        let box = boundingBox(radiusKm: km)
        let lng = box.longitudes.count == 1 ? box.longitudes[0] : -180...180
        return (box.latitudes.lowerBound, box.latitudes.upperBound, lng.lowerBound, lng.upperBound)
    }
}

/// The alert tables, the same on SQLite and PostgreSQL but for types and the geo index.
enum AlertSchema {
    /// The columns a new subscription is inserted with, in its values' order.
    static let insertColumns = """
        INSERT INTO alert_subscription (id, email, latitude, longitude, radius_km, min_lat, max_lat, min_lng, max_lng,
            place_name, statuses, species, frequency, language, created_at, confirmed_at)
        """

    static func tables(real: String) -> [String] {
        [
            """
            CREATE TABLE alert_subscription (
                seq \(real == "REAL" ? "INTEGER PRIMARY KEY" : "BIGSERIAL PRIMARY KEY"), id TEXT NOT NULL UNIQUE, email TEXT NOT NULL,
                latitude \(real) NOT NULL, longitude \(real) NOT NULL, radius_km \(real) NOT NULL,
                min_lat \(real) NOT NULL, max_lat \(real) NOT NULL, min_lng \(real) NOT NULL, max_lng \(real) NOT NULL,
                place_name TEXT, statuses TEXT NOT NULL, species TEXT NOT NULL, frequency TEXT NOT NULL, language TEXT NOT NULL,
                created_at \(real) NOT NULL, confirmed_at \(real)
            )
            """,
            "CREATE INDEX alert_subscription_unconfirmed ON alert_subscription(created_at) WHERE confirmed_at IS NULL",
            """
            CREATE TABLE alert_delivery (
                subscription_id TEXT NOT NULL, announcement_id TEXT NOT NULL, mode TEXT NOT NULL,
                created_at \(real) NOT NULL, sent_at \(real), PRIMARY KEY (subscription_id, announcement_id)
            )
            """,
        ]
    }

    static let sqlite =
        tables(real: "REAL") + [
            "CREATE VIRTUAL TABLE alert_subscription_geo USING rtree(id, min_lat, max_lat, min_lng, max_lng)",
            """
            CREATE TRIGGER alert_subscription_geo_insert AFTER INSERT ON alert_subscription BEGIN
                INSERT INTO alert_subscription_geo VALUES (new.seq, new.min_lat, new.max_lat, new.min_lng, new.max_lng);
            END
            """,
            """
            CREATE TRIGGER alert_subscription_geo_update AFTER UPDATE OF min_lat, max_lat, min_lng, max_lng ON alert_subscription BEGIN
                UPDATE alert_subscription_geo SET min_lat = new.min_lat, max_lat = new.max_lat, min_lng = new.min_lng,
                    max_lng = new.max_lng WHERE id = new.seq;
            END
            """,
            """
            CREATE TRIGGER alert_subscription_delete AFTER DELETE ON alert_subscription BEGIN
                DELETE FROM alert_subscription_geo WHERE id = old.seq;
                DELETE FROM alert_delivery WHERE subscription_id = old.id;
            END
            """,
        ]

    static let postgres =
        tables(real: "DOUBLE PRECISION") + [
            // The circle's box in the cube GiST (the extension the reports' index uses): "contains the point".
            "CREATE INDEX alert_subscription_area ON alert_subscription USING gist (cube(ARRAY[min_lat, min_lng], ARRAY[max_lat, max_lng]))"
        ]

    static let columns = "id, email, latitude, longitude, radius_km, place_name, statuses, species, frequency, language, created_at, confirmed_at"

    /// The box the circle fits in (one box; a circle across ±180° takes every longitude).
    static func box(_ subscription: AlertSubscription) -> (minLat: Double, maxLat: Double, minLng: Double, maxLng: Double) {
        let box = subscription.center.boundingBox(radiusKm: subscription.radiusKm)
        let longitudes = box.longitudes.count == 1 ? box.longitudes[0] : -180...180
        return (box.latitudes.lowerBound, box.latitudes.upperBound, longitudes.lowerBound, longitudes.upperBound)
    }

    static func subscription(
        id: String, email: String, latitude: Double, longitude: Double, radius: Double, place: String?,
        statuses: String, species: String, frequency: String, language: String, created: Double,
        confirmed: Double?
    ) -> AlertSubscription {
        AlertSubscription(
            id: id, email: email, center: Coordinate(latitude: latitude, longitude: longitude), radiusKm: radius,
            placeName: place, statuses: AlertSubscription.statuses(statuses), species: AlertSubscription.species(species),
            frequency: AlertSubscription.Frequency(rawValue: frequency) ?? .instant, language: language,
            createdAt: Date(timeIntervalSince1970: created), confirmedAt: confirmed.map(Date.init(timeIntervalSince1970:)))
    }

    /// The digest entry of a subscription.
    static func digest(for subscription: String, at now: Date, due: Date) -> OutboxEntry {
        OutboxEntry(kind: .alertDigest, payload: subscription, createdAt: now, availableAt: due)
    }
}
