import PetSpotDomain
import PostgresNIO

/// A nearby search on PostgreSQL, as `SQLiteNearbyQuery` does it on SQLite but in one prepared statement:
/// a 3-D GiST (`cube` of latitude, longitude, days since 1970) is asked for the box in time windows that
/// grow going back (the day before the anchor — the cursor or the newest report — then back to 4, 16,
/// 64 … days before it, the last open below the oldest report; `growth`), newest
/// window first, each sorted and cut to the page.
///
/// The windows are the rows of a materialized CTE in order, joined LATERAL, and the outer `LIMIT` stops
/// the nested loop as soon as the page is full, so a dense city costs the few days that fill it. Window
/// membership is decided on the same `announcement_days(created_at)` the index holds, so the windows
/// partition time exactly; `announcement_days` never decreases as `created_at` grows, so windows that are
/// newest first concatenate in the list's order. One shape for every query (a second longitude range
/// that matches nothing, nullable cursor and limit) keeps it one prepared statement, planned once a
/// connection.
struct PostgresNearbyQuery: PostgresPreparedStatement {
    typealias Row = Announcement

    /// A longitude no report has: the unused second range of a box that does not cross ±180°.
    static let nowhere = 1000.0

    /// The expression the geo-time GiST indexes (migration 3), for a row `a`; a query must spell it
    /// exactly so for the index to serve it.
    static let indexed = "cube(ARRAY[a.location_latitude, a.location_longitude, announcement_days(a.created_at)])"

    /// How much longer each window reaches back than the one before. SQLite's windows grow by 2 since its
    /// reader keeps prepared statements; here all windows are one statement, and 4 is what was measured.
    static let growth = 4.0

    static let sql = statement(reading: "a.*")

    /// The statement reading `select` of each report `a` of the page.
    static func statement(reading select: String) -> String {
        """
        WITH span AS MATERIALIZED (
            SELECT announcement_days(coalesce($12, max(created_at))) AS anchor,
                   announcement_days(min(created_at)) AS oldest
            FROM announcement
        ), windows AS MATERIALIZED (
            SELECT k, CASE WHEN s.anchor - \(growth) ^ k > s.oldest THEN s.anchor - \(growth) ^ k ELSE '-Infinity' END AS lower,
                   CASE WHEN k = 0 THEN 'Infinity' ELSE s.anchor - \(growth) ^ (k - 1) END AS upper
            FROM span s CROSS JOIN generate_series(0, 20) AS k
            WHERE k = 0 OR s.anchor - \(growth) ^ (k - 1) > s.oldest
            ORDER BY k
        )
        SELECT found.* FROM windows w CROSS JOIN LATERAL (
            SELECT \(select) FROM announcement a
            WHERE (\(indexed) <@ cube(ARRAY[$1, $3, w.lower], ARRAY[$2, $4, w.upper])
                   OR \(indexed) <@ cube(ARRAY[$1, $5, w.lower], ARRAY[$2, $6, w.upper]))
              AND announcement_days(a.created_at) >= w.lower AND announcement_days(a.created_at) < w.upper
              AND \(ModerationSchema.listed) AND a.status = ANY($10) AND (NOT $11 OR a.photo_url IS NOT NULL)
              AND ($13::text IS NULL OR (a.created_at, a.id) < ($13, $14))
              AND (NOT $16 OR upper(trim(a.species)) = ANY($17)
                   OR ($18 AND upper(trim(a.species)) <> ALL(ARRAY['DOG', 'CAT', 'BIRD', 'RABBIT'])))
              AND ($19::text IS NULL OR a.last_seen_date >= $19)
              AND ($20::text IS NULL OR \(CheckInSchema.fresh.replacingOccurrences(of: "?", with: "$20")))
              AND \(PostgresListQuery.distanceKm(latitude: "$7", longitude: "$8")) < $9
            ORDER BY a.created_at DESC, a.id DESC
            LIMIT $15
        ) found
        LIMIT $15
        """
    }

    static let bindingDataTypes: [PostgresDataType] = [
        .float8, .float8, .float8, .float8, .float8, .float8, // the box: latitudes, then two longitude ranges
        .float8, .float8, .float8, // centre and radius
        .textArray, .bool, // statuses, photo only
        .text, .text, .text, // the anchor, the cursor
        .int8, // the limit (NULL: all)
        .bool, .textArray, .bool, // species: filtered?, the named ones, OTHER too?
        .text, // last seen since
        .text, // confirmed since (check-ins)
    ]

    var query: AnnouncementQuery
    var nearby: AnnouncementQuery.Nearby

    func makeBindings() throws -> PostgresBindings {
        let box = nearby.box
        let first = box.longitudes[0], second = box.longitudes.count > 1 ? box.longitudes[1] : Self.nowhere...Self.nowhere
        var binds = PostgresBindings()
        for value in [
            box.latitudes.lowerBound, box.latitudes.upperBound, first.lowerBound, first.upperBound,
            second.lowerBound, second.upperBound, nearby.center.latitude, nearby.center.longitude, nearby.radiusKm,
        ] {
            binds.append(value)
        }
        binds.append(query.statuses.map(\.rawValue).sorted())
        binds.append(query.withPhotoOnly)
        // The anchor only saves windows; a cursor in another format than ours starts at the newest report.
        binds.append(query.after.flatMap { StoredDate.date($0.createdAt) }.map(Timestamp.string))
        binds.append(query.after?.createdAt)
        binds.append(query.after?.id.rawValue)
        binds.append(query.limit)
        binds.append(query.species != nil)
        binds.append((query.species ?? []).filter { $0 != .other }.map(\.rawValue).sorted())
        binds.append(query.species?.contains(.other) ?? false)
        binds.append(query.lastSeenSince)
        binds.append(query.confirmedSince)
        return binds
    }

    func decodeRow(_ row: PostgresRow) throws -> Announcement {
        try PostgresStore.announcement(from: row)
    }
}
