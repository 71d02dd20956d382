import PetSpotDomain
import SQLiteNIO

/// Builds the list query without a place: the newest-first index with its cursor pages through.
/// Nearby searches go through `SQLiteNearbyQuery`; both share `filters`.
enum SQLiteListQuery {
    /// What a list statement reads of each report `a` it finds, and what reads more for each of those rows,
    /// once they are found, sorted and cut to the page (`outer`, around the list's statement as `page`).
    struct Columns: Sendable {
        var select: String
        var outer: (@Sendable (String) -> String)?

        /// The whole report.
        static let reports = Columns(select: "a.*")

        func statement(_ list: String) -> String { outer.map { $0(list) } ?? list }
    }

    static func build(_ query: AnnouncementQuery, reading columns: Columns = .reports) -> (String, [SQLiteData]) {
        let (conditions, binds) = filters(query, nearby: nil)
        var sql =
            "SELECT \(columns.select) FROM announcement a WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY a.created_at DESC, a.id DESC"
        if let limit = query.limit {
            // A literal: a bound LIMIT on a join with the R*Tree makes SQLite prepare the statement again
            // at every step; the reader keeps one prepared statement per page size instead.
            sql += " LIMIT \(limit)"
        }
        return (columns.statement(sql), binds)
    }

    /// The exact distance, status, photo and cursor conditions on `a`.
    static func filters(_ query: AnnouncementQuery, nearby: AnnouncementQuery.Nearby?) -> ([String], [SQLiteData]) {
        var conditions: [String] = []
        var binds: [SQLiteData] = []
        if !query.includeModerated { conditions.append(ModerationSchema.listed) }
        let statuses = query.statuses.map(\.rawValue).sorted()
        conditions.append("a.status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))")
        binds += statuses.map { .text($0) }
        if query.withPhotoOnly { conditions.append("a.photo_url IS NOT NULL") }
        if let species = query.speciesCondition { conditions.append(species) }
        if let since = query.lastSeenSince {
            conditions.append("a.last_seen_date >= ?")
            binds.append(.text(since))
        }
        if let after = query.after {
            conditions.append("(a.created_at, a.id) < (?, ?)")
            binds += [.text(after.createdAt), .text(after.id.rawValue)]
        }
        // After the column tests, so they spare rows the call into Swift; before the check-in probe, a
        // B-tree lookup, so the corners of the box outside the circle cost none.
        if let nearby {
            conditions.append("petspot_distance_km(?, ?, a.location_latitude, a.location_longitude) < ?")
            binds += [.float(nearby.center.latitude), .float(nearby.center.longitude), .float(nearby.radiusKm)]
        }
        if let since = query.confirmedSince {
            conditions.append(CheckInSchema.fresh)
            binds.append(.text(since))
        }
        return (conditions, binds)
    }
}
