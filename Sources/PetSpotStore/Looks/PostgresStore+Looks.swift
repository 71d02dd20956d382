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
}
