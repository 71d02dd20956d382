import Foundation
import PetSpotDomain
import SQLiteNIO

/// A nearby search walks back in time through growing windows (the day before the anchor — the cursor or
/// the newest report — then back to 4, 16, 64 … days before it): each window asks the R*Tree for the box *and* the time span, so a city holding tens of
/// thousands of reports costs only the few days it takes to fill the page, not a sort of the whole box.
/// Windows are disjoint and newest first, so their results concatenate in the list's order.
enum SQLiteNearbyQuery {
    /// One window's exact bounds on `created_at` (ISO text): `lower <= created_at < upper`, nil = open.
    struct Window: Equatable {
        var lower: Date?
        var upper: Date?
    }

    /// How much longer each window reaches back than the one before: 4, not 2, halves the statements
    /// a sparse area needs (each costs a prepare and two thread hops) for a little more sorting.
    static let growth = 4.0

    /// Windows growing from one day before `anchor` back to `oldest` (the last one is open below); the
    /// first is open above.
    static func windows(anchor: Date, oldest: Date) -> [Window] {
        let day = 86_400.0
        var result: [Window] = []
        var upper: Date?
        for step in 0..<40 {
            let lower = anchor.addingTimeInterval(-day * pow(growth, Double(step)))
            guard lower > oldest else { break }
            result.append(Window(lower: lower, upper: upper))
            upper = lower
        }
        result.append(Window(lower: nil, upper: upper))
        return result
    }

    /// The statement for one window, newest first, at most `limit` rows.
    static func build(_ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby, window: Window, limit: Int?) -> (String, [SQLiteData]) {
        let (boxCondition, boxBinds) = boxFilter(around: nearby.center, radiusKm: nearby.radiusKm)
        var conditions = [boxCondition]
        var binds = boxBinds
        // The R*Tree keeps 32-bit floats rounded outwards, so its time test only narrows; `+a.created_at`
        // (no index) then decides exactly.
        if let lower = window.lower {
            conditions.append("g.max_t >= ? AND +a.created_at >= ?")
            binds += [.float(years(lower)), .text(StoredDate.string(lower))]
        }
        if let upper = window.upper {
            conditions.append("g.min_t <= ? AND +a.created_at < ?")
            binds += [.float(years(upper)), .text(StoredDate.string(upper))]
        }
        let (filters, filterBinds) = SQLiteListQuery.filters(query, nearby: nearby)
        var sql = "SELECT a.* FROM announcement_geo g CROSS JOIN announcement a ON a.seq = g.id WHERE "
            + (conditions + filters).joined(separator: " AND ") + " ORDER BY a.created_at DESC, a.id DESC"
        binds += filterBinds
        if let limit {
            sql += " LIMIT \(limit)" // a literal: a bound LIMIT makes SQLite prepare the statement twice
        }
        return (sql, binds)
    }

    /// The R*Tree rows (`g`) inside the bounding box of a circle, one longitude range or two across ±180°.
    static func boxFilter(around center: Coordinate, radiusKm: Double) -> (String, [SQLiteData]) {
        let box = center.boundingBox(radiusKm: radiusKm)
        let longitudes = box.longitudes.map { _ in "(g.max_lng >= ? AND g.min_lng <= ?)" }.joined(separator: " OR ")
        return ("g.max_lat >= ? AND g.min_lat <= ? AND (\(longitudes))",
                [.float(box.latitudes.lowerBound), .float(box.latitudes.upperBound)]
                    + box.longitudes.flatMap { [SQLiteData.float($0.lowerBound), .float($0.upperBound)] })
    }

    /// `date` on the index's time axis.
    static func years(_ date: Date) -> Double {
        date.timeIntervalSince1970 / 86_400 / SQLiteMigrations.daysPerTimeUnit
    }
}

extension SQLiteStore {
    /// Runs the windows newest first until the page is full.
    func nearbyList(_ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby) async throws -> [Announcement] {
        try await withReader { try await nearbyList(query, nearby: nearby, on: $0) }
    }

    private func nearbyList(_ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby,
                            on connection: SQLiteConnection) async throws -> [Announcement] {
        guard let (anchor, oldest) = try await nearbyTimeSpan(query, on: connection) else { return [] }
        var found: [Announcement] = []
        for window in SQLiteNearbyQuery.windows(anchor: anchor, oldest: oldest) {
            let remaining = query.limit.map { $0 - found.count }
            if let remaining, remaining <= 0 { break }
            let (sql, binds) = SQLiteNearbyQuery.build(query, nearby: nearby, window: window, limit: remaining)
            found += try await rows(sql, binds, on: connection).map(Self.announcement(from:))
        }
        return found
    }

    /// Where the windows start — the cursor, or the newest report (not the clock, so a quiet spell
    /// costs no empty windows) — and the oldest report, where they stop; nil when there is nothing to list.
    private func nearbyTimeSpan(_ query: AnnouncementQuery, on connection: SQLiteConnection) async throws -> (Date, Date)? {
        let span = try await rows("""
            SELECT (SELECT created_at FROM announcement ORDER BY created_at DESC LIMIT 1) AS newest,
                   (SELECT created_at FROM announcement ORDER BY created_at ASC LIMIT 1) AS oldest
            """, [], on: connection).first
        guard let newest = span?.column("newest")?.string.flatMap(StoredDate.date),
              let oldest = span?.column("oldest")?.string.flatMap(StoredDate.date) else { return nil }
        return (query.after.flatMap { StoredDate.date($0.createdAt) } ?? newest, oldest)
    }
}
