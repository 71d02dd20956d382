import Foundation
import PetSpotDomain
import PostgresNIO

/// Looks on PostgreSQL: queue rows are claimed with `SKIP LOCKED` only while a look is saved, so two
/// instances may make the same look (it is the same look); nothing is ever made twice for long.
extension PostgresStore {
    public func queuedLooks(limit: Int) async throws -> [LookSubject] {
        try await rows(PostgresQuery(unsafeSQL: "SELECT kind, id, file FROM look_queue ORDER BY queued_at, kind, id LIMIT \(max(1, limit))"))
            .compactMap { row in
                let (kind, id, file) = try row.decode((String, String, String).self)
                return LookSubject.Kind(rawValue: kind).map { LookSubject(kind: $0, id: id, file: file) }
            }
    }

    public func queuedLookCount() async throws -> Int {
        try await rows(PostgresQuery(unsafeSQL: "SELECT COUNT(*)::BIGINT FROM look_queue")).first.map { Int(try $0.decode(Int64.self)) } ?? 0
    }

    public func saveLook(_ look: PhotoLook?, of subject: LookSubject, outbox: [OutboxEntry]) async throws {
        let table = subject.kind == .report ? "announcement" : "sighting"
        let bytes = look.map { ByteBuffer(bytes: $0.bytes) }
        try await transaction { connection in
            _ = try await connection.query(
                "DELETE FROM look_queue WHERE kind = \(subject.kind.rawValue) AND id = \(subject.id) AND file = \(subject.file)",
                logger: self.logger)
            var current = PostgresQuery(unsafeSQL: "SELECT 1 FROM \(table) WHERE id = $1 AND photo_file = $2")
            current.binds.append(subject.id)
            current.binds.append(subject.file)
            guard try await connection.query(current, logger: self.logger).collect().count > 0 else { return }
            _ = try await connection.query(
                """
                INSERT INTO photo_look (kind, id, file, look) VALUES (\(subject.kind.rawValue), \(subject.id), \(subject.file), \(bytes))
                ON CONFLICT (kind, id) DO UPDATE SET file = excluded.file, look = excluded.look
                """, logger: self.logger)
            if look != nil { try await Self.enqueue(outbox, on: connection, logger: self.logger) }
        }
    }

    public func looks(ofReports ids: [AnnouncementID]) async throws -> [AnnouncementID: PhotoLook] {
        guard !ids.isEmpty else { return [:] }
        let keys = ids.map(\.rawValue)
        var looks: [AnnouncementID: PhotoLook] = [:]
        for row in try await rows(
            """
            SELECT l.id, l.look FROM photo_look l JOIN announcement a ON a.id = l.id AND a.photo_file = l.file
            WHERE l.kind = 'report' AND l.look IS NOT NULL AND l.id = ANY(\(keys))
            """)
        {
            let (id, buffer) = try row.decode((String, ByteBuffer).self)
            if let look = PhotoLook(bytes: Array(buffer.readableBytesView)) { looks[AnnouncementID(id)] = look }
        }
        return looks
    }

    public func lookCandidates(_ query: AnnouncementQuery) async throws -> [(id: AnnouncementID, look: PhotoLook)] {
        // One statement reads each report's id and the look of its photo, not the whole report: only the few
        // shown are read whole, after the ranking.
        let rows: [(String, ByteBuffer?)]
        if let nearby = query.nearby {
            let logger = logger
            rows = try await leased { connection in
                var found: [(String, ByteBuffer?)] = []
                for try await row in try await connection.execute(
                    PostgresNearbyLooksQuery(page: PostgresNearbyQuery(query: query, nearby: nearby)), logger: logger)
                {
                    found.append(row)
                }
                return found
            }
        } else {
            var listed = query
            listed.search = nil
            let page = PostgresListQuery.build(listed)
            rows = try await self.rows(PostgresQuery(unsafeSQL: PostgresNearbyLooksQuery.looks(of: page.sql), binds: page.binds))
                .map { try $0.decode((String, ByteBuffer?).self) }
        }
        return rows.compactMap { id, look in
            look.flatMap { PhotoLook(bytes: Array($0.readableBytesView)) }.map { (AnnouncementID(id), $0) }
        }
    }
}

/// `PostgresNearbyQuery`'s page as each report's id and the look of its current photo (NULL while it waits
/// for its look, or when its photo cannot be compared), newest first: one prepared statement.
struct PostgresNearbyLooksQuery: PostgresPreparedStatement {
    typealias Row = (String, ByteBuffer?)

    /// A page of `a.id, a.photo_file, a.created_at` (`page`, newest first) with its looks, in the page's order.
    static func looks(of page: String) -> String {
        """
        SELECT p.id, l.look FROM (\(page)) p
        LEFT JOIN photo_look l ON l.kind = 'report' AND l.id = p.id AND l.file = p.photo_file
        ORDER BY p.created_at DESC, p.id DESC
        """
    }

    static let sql = looks(of: PostgresNearbyQuery.statement(reading: "a.id, a.photo_file, a.created_at"))
    static let bindingDataTypes = PostgresNearbyQuery.bindingDataTypes

    var page: PostgresNearbyQuery

    func makeBindings() throws -> PostgresBindings { try page.makeBindings() }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((String, ByteBuffer?).self) }
}
