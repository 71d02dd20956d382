import NIOCore
import PetSpotDomain
import PostgresNIO

/// The benchmark's photos on PostgreSQL: each step one statement over arrays.
extension PostgresStore: PhotoBenchStore {
    public func benchPhotoReports(near center: Coordinate, radiusKm: Double, limit: Int) async throws -> [AnnouncementID] {
        let box = AnnouncementQuery.Nearby(center: center, radiusKm: radiusKm).box
        var query = PostgresQuery(
            unsafeSQL: """
                SELECT a.id FROM announcement a WHERE a.photo_url IS NOT NULL
                AND a.location_latitude BETWEEN $1 AND $2 AND a.location_longitude BETWEEN $3 AND $4
                AND \(PostgresListQuery.distanceKm(latitude: "$5", longitude: "$6")) < $7 ORDER BY a.created_at DESC LIMIT \(limit)
                """)
        for value in [
            box.latitudes.lowerBound, box.latitudes.upperBound, box.longitudes[0].lowerBound, box.longitudes[0].upperBound,
            center.latitude, center.longitude, radiusKm,
        ] {
            query.binds.append(value)
        }
        return try await rows(query).map { AnnouncementID(try $0.decode(String.self)) }
    }

    public func benchPhotoReports(awayFrom center: Coordinate, radiusKm: Double, limit: Int) async throws -> [AnnouncementID] {
        let box = center.boundingBox(radiusKm: radiusKm)
        var query = PostgresQuery(
            unsafeSQL: """
                SELECT id FROM announcement WHERE photo_url IS NOT NULL
                AND (location_latitude NOT BETWEEN $1 AND $2 OR location_longitude NOT BETWEEN $3 AND $4) ORDER BY id LIMIT \(limit)
                """)
        for value in [box.latitudes.lowerBound, box.latitudes.upperBound, box.longitudes[0].lowerBound, box.longitudes[0].upperBound] {
            query.binds.append(value)
        }
        return try await rows(query).map { AnnouncementID(try $0.decode(String.self)) }
    }

    public func benchMove(_ moves: [(AnnouncementID, Coordinate)]) async throws {
        let ids = moves.map(\.0.rawValue), latitudes = moves.map(\.1.latitude), longitudes = moves.map(\.1.longitude)
        _ = try await rows(
            """
            UPDATE announcement a SET location_latitude = m.lat, location_longitude = m.lng
            FROM unnest(\(ids)::text[], \(latitudes)::float8[], \(longitudes)::float8[]) AS m(id, lat, lng) WHERE a.id = m.id
            """)
    }

    public func bulkLoadLooks(_ looks: [(AnnouncementID, PhotoLook)]) async throws {
        let ids = looks.map(\.0.rawValue), bytes = looks.map { ByteBuffer(bytes: $0.1.bytes) }
        try await transaction { connection in
            _ = try await connection.query("UPDATE announcement SET photo_file = 'bench-' || id || '.jpg' WHERE id = ANY(\(ids))", logger: logger)
            _ = try await connection.query(
                """
                INSERT INTO photo_look (kind, id, file, look) SELECT 'report', m.id, 'bench-' || m.id || '.jpg', m.look
                FROM unnest(\(ids)::text[], \(bytes)::bytea[]) AS m(id, look)
                ON CONFLICT (kind, id) DO UPDATE SET file = excluded.file, look = excluded.look
                """, logger: logger)
            _ = try await connection.query("DELETE FROM look_queue", logger: logger)
        }
    }

    public func lookCount() async throws -> Int {
        try await rows("SELECT COUNT(*)::BIGINT FROM photo_look WHERE kind = 'report' AND look IS NOT NULL").first.map {
            Int(try $0.decode(Int64.self))
        } ?? 0
    }
}
