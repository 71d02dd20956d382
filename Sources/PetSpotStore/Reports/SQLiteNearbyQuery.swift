import Foundation
import PetSpotDomain
import SQLiteNIO

/// A nearby search walks back in time through windows (the day before the anchor — the cursor or the
/// newest report — then spans sized from what the days before held): each window asks the R*Tree for the
/// box *and* the time span, so a city holding tens of thousands of reports costs only the few days it
/// takes to fill the page, not a sort of the whole box. Windows are disjoint and newest first, so their
/// results concatenate in the list's order.
enum SQLiteNearbyQuery {
    /// One window's exact bounds on `created_at` (ISO text): `lower <= created_at < upper`, nil = open.
    struct Window: Equatable {
        var lower: Date?
        var upper: Date?
    }

    /// The windows of one search, each sized when the one before has been read.
    struct Walk {
        let anchor: Date
        let oldest: Date
        let limit: Int?
        /// Where the last window began (its lower bound); nil before the first and after the last.
        private var reached: Date?
        private var started = false

        init(anchor: Date, oldest: Date, limit: Int?) {
            self.anchor = anchor
            self.oldest = oldest
            self.limit = limit
        }

        /// How much more than the rows still wanted the next window should hold, judged by the rate so far.
        /// A window costs about as much as reading a few rows more (a statement and an R*Tree descent), and
        /// the days of a city vary: with 1.5 most searches fill the page in their second window (`bench
        /// nearby` at 1 M: p50 0.47 ms, 0.57 when every window doubled the span, same run; 1.25 and 2 no better).
        static let spare = 1.5

        /// The next window, given `found` rows so far; nil once the last (open below) has been handed out.
        mutating func next(found: Int) -> Window? {
            let day = 86_400.0
            guard !started || reached != nil else { return nil }
            guard let limit else {
                started = true
                return Window(lower: nil, upper: nil)
            }
            let searched = reached.map { anchor.timeIntervalSince($0) } ?? 0
            let span: Double
            if !started {
                span = day
            } else if found == 0 {
                span = 4 * searched
            } else {
                // At least doubling, so a search of any density takes a handful of windows; at most eight
                // times, as a few rows are a poor guess of a rate (a day with one report in a busy city).
                let wanted = searched * Double(limit - found) / Double(found) * Self.spare
                span = searched + min(7 * searched, max(searched, wanted))
            }
            let lower = anchor.addingTimeInterval(-span)
            let window = Window(lower: lower > oldest ? lower : nil, upper: started ? reached : nil)
            started = true
            reached = window.lower
            return window
        }
    }

    /// The statement for one window, newest first, at most `limit` rows (the whole page: the reader stops
    /// stepping once the page is full, and the statement stays the same for every window of the page).
    static func build(
        _ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby, window: Window, limit: Int?, reading columns: SQLiteListQuery.Columns = .reports
    ) -> (String, [SQLiteData]) {
        let (boxCondition, boxBinds) = boxFilter(nearby.box)
        var conditions = [boxCondition]
        var binds = boxBinds
        // The R*Tree keeps 32-bit floats rounded outwards, so its time test only narrows; `+a.created_at`
        // (no index) then decides exactly.
        if let lower = window.lower {
            conditions.append("g.max_t >= ? AND +a.created_at >= ?")
            binds += [.float(years(lower)), .text(Timestamp.string(lower))]
        }
        if let upper = window.upper {
            conditions.append("g.min_t <= ? AND +a.created_at < ?")
            binds += [.float(years(upper)), .text(Timestamp.string(upper))]
        }
        let (filters, filterBinds) = SQLiteListQuery.filters(query, nearby: nearby)
        var sql =
            "SELECT \(columns.select) FROM announcement_geo g CROSS JOIN announcement a ON a.seq = g.id WHERE "
            + (conditions + filters).joined(separator: " AND ") + " ORDER BY a.created_at DESC, a.id DESC"
        binds += filterBinds
        if let limit {
            // A literal: a bound LIMIT on a join with the R*Tree makes SQLite prepare the statement again
            // at every step; the reader keeps one prepared statement per page size instead.
            sql += " LIMIT \(limit)"
        }
        return (columns.statement(sql), binds)
    }

    /// The R*Tree rows (`g`) inside a box, one longitude range or two across ±180°.
    static func boxFilter(_ box: BoundingBox) -> (String, [SQLiteData]) {
        let longitudes = box.longitudes.map { _ in "(g.max_lng >= ? AND g.min_lng <= ?)" }.joined(separator: " OR ")
        return (
            "g.max_lat >= ? AND g.min_lat <= ? AND (\(longitudes))",
            [.float(box.latitudes.lowerBound), .float(box.latitudes.upperBound)]
                + box.longitudes.flatMap { [SQLiteData.float($0.lowerBound), .float($0.upperBound)] }
        )
    }

    /// `date` on the index's time axis.
    static func years(_ date: Date) -> Double {
        date.timeIntervalSince1970 / 86_400 / SQLiteMigrations.daysPerTimeUnit
    }
}

extension SQLiteStore {
    /// Runs the windows newest first until the page is full.
    func nearbyList(_ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby) async throws -> [Announcement] {
        try await withReader { try Self.nearbyRows(query, nearby: nearby, reading: .reports, on: $0) { try Self.announcement(from: $0) } }
    }

    /// Each row of the nearby page, `columns` of it, made into a `T` by `decode`.
    static func nearbyRows<T>(
        _ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby, reading columns: SQLiteListQuery.Columns,
        on connection: SQLiteReadConnection, _ decode: (StatementCursor) throws -> T
    ) throws -> [T] {
        guard let (anchor, oldest) = try nearbyTimeSpan(query, on: connection) else { return [] }
        var found: [T] = []
        var walk = SQLiteNearbyQuery.Walk(anchor: anchor, oldest: oldest, limit: query.limit)
        let isFull = { query.limit.map { found.count >= $0 } ?? false }
        while !isFull(), let window = walk.next(found: found.count) {
            let (sql, binds) = SQLiteNearbyQuery.build(query, nearby: nearby, window: window, limit: query.limit, reading: columns)
            try connection.each(sql, binds) { row in
                found.append(try decode(row))
                return !isFull()
            }
        }
        return found
    }

    /// Where the windows start — the cursor, or the newest report (not the clock, so a quiet spell
    /// costs no empty windows) — and the oldest report, where they stop; nil when there is nothing to list.
    private static func nearbyTimeSpan(_ query: AnnouncementQuery, on connection: SQLiteReadConnection) throws -> (Date, Date)? {
        let span = try connection.rows(
            """
            SELECT (SELECT created_at FROM announcement ORDER BY created_at DESC LIMIT 1) AS newest,
                   (SELECT created_at FROM announcement ORDER BY created_at ASC LIMIT 1) AS oldest
            """, []
        ).first
        guard let newest = span?.column("newest")?.string.flatMap(StoredDate.date),
            let oldest = span?.column("oldest")?.string.flatMap(StoredDate.date)
        else { return nil }
        return (query.after.flatMap { StoredDate.date($0.createdAt) } ?? newest, oldest)
    }
}
