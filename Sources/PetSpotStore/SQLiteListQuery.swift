import PetSpotDomain
import SQLiteNIO

/// Builds the list query: the R*Tree narrows a nearby search to a bounding box, the exact distance
/// decides, and the newest-first order with its cursor pages through the rest.
enum SQLiteListQuery {
    static func build(_ query: AnnouncementQuery) -> (String, [SQLiteData]) {
        var sql = "SELECT a.* FROM announcement a"
        var conditions: [String] = []
        var binds: [SQLiteData] = []
        if let nearby = query.nearby {
            let box = nearby.center.boundingBox(radiusKm: nearby.radiusKm)
            var geo = "g.max_lat >= ? AND g.min_lat <= ?"
            binds += [.float(box.latitudes.lowerBound), .float(box.latitudes.upperBound)]
            let lngs = box.longitudes.map { _ in "(g.max_lng >= ? AND g.min_lng <= ?)" }.joined(separator: " OR ")
            geo += " AND (\(lngs))"
            binds += box.longitudes.flatMap { [SQLiteData.float($0.lowerBound), .float($0.upperBound)] }
            sql += " JOIN announcement_geo g ON g.id = a.seq AND \(geo)"
            conditions.append("petspot_distance_km(?, ?, a.location_latitude, a.location_longitude) < ?")
            binds += [.float(nearby.center.latitude), .float(nearby.center.longitude), .float(nearby.radiusKm)]
        }
        let statuses = query.statuses.map(\.rawValue).sorted()
        conditions.append("a.status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))")
        binds += statuses.map { .text($0) }
        if query.withPhotoOnly { conditions.append("a.photo_url IS NOT NULL") }
        if let after = query.after {
            conditions.append("(a.created_at, a.id) < (?, ?)")
            binds += [.text(after.createdAt), .text(after.id.rawValue)]
        }
        sql += " WHERE " + conditions.joined(separator: " AND ") + " ORDER BY a.created_at DESC, a.id DESC"
        if let limit = query.limit {
            sql += " LIMIT ?"
            binds.append(.integer(limit))
        }
        return (sql, binds)
    }
}
