import NIOCore
import PetSpotDomain
import SQLiteNIO

/// The benchmarks' photos on SQLite (`PhotoBenchStore`); moved reports are followed by the R*Tree's trigger.
extension SQLiteStore: PhotoBenchStore {
    public func benchPhotoReports(near center: Coordinate, radiusKm: Double, limit: Int) async throws -> [AnnouncementID] {
        let (box, binds) = SQLiteNearbyQuery.boxFilter(AnnouncementQuery.Nearby(center: center, radiusKm: radiusKm).box)
        return try await read(
            """
            SELECT a.id FROM announcement_geo g CROSS JOIN announcement a ON a.seq = g.id
            WHERE \(box) AND a.photo_url IS NOT NULL AND petspot_distance_km(?, ?, a.location_latitude, a.location_longitude) < ?
            ORDER BY a.created_at DESC LIMIT \(limit)
            """, binds + [.float(center.latitude), .float(center.longitude), .float(radiusKm)]
        ).compactMap { $0.column("id")?.string.map { AnnouncementID($0) } }
    }

    public func benchPhotoReports(awayFrom center: Coordinate, radiusKm: Double, limit: Int) async throws -> [AnnouncementID] {
        let box = center.boundingBox(radiusKm: radiusKm)
        return try await read(
            """
            SELECT id FROM announcement WHERE photo_url IS NOT NULL
            AND (location_latitude NOT BETWEEN ? AND ? OR location_longitude NOT BETWEEN ? AND ?) ORDER BY seq LIMIT \(limit)
            """,
            [box.latitudes.lowerBound, box.latitudes.upperBound, box.longitudes[0].lowerBound, box.longitudes[0].upperBound].map { .float($0) }
        ).compactMap { $0.column("id")?.string.map { AnnouncementID($0) } }
    }

    public func benchMove(_ moves: [(AnnouncementID, Coordinate)]) async throws {
        try await transaction { connection in
            for (id, point) in moves {
                try await connection.query(
                    "UPDATE announcement SET location_latitude = ?, location_longitude = ? WHERE id = ?",
                    [.float(point.latitude), .float(point.longitude), .text(id.rawValue)]
                ) { _ in }
            }
        }
    }

    public func bulkLoadLooks(_ looks: [(AnnouncementID, PhotoLook)]) async throws {
        try await transaction { connection in
            for (id, look) in looks {
                let binds: [SQLiteData] = [.text("bench-\(id.rawValue).jpg"), .text(id.rawValue)]
                try await connection.query("UPDATE announcement SET photo_file = ? WHERE id = ?", binds) { _ in }
                try await connection.query(
                    "INSERT OR REPLACE INTO photo_look (kind, id, file, look) VALUES ('report', ?, ?, ?)",
                    [binds[1], binds[0], .blob(ByteBuffer(bytes: look.bytes))]
                ) { _ in }
            }
            try await connection.query("DELETE FROM look_queue", []) { _ in }
        }
    }

    public func lookCount() async throws -> Int {
        try await read("SELECT COUNT(*) AS n FROM photo_look WHERE kind = 'report' AND look IS NOT NULL", []).first?.column("n")?.integer ?? 0
    }
}
