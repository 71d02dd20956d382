import Foundation
import PetSpotDomain
import SQLiteNIO

/// Looks on SQLite: the queue and the looks read on a reader, kept on the writer.
extension SQLiteStore {
    public func queuedLooks(limit: Int) async throws -> [LookSubject] {
        try await read("SELECT kind, id, file FROM look_queue ORDER BY queued_at, kind, id LIMIT \(max(1, limit))", []).compactMap { row in
            guard let kind = row.column("kind")?.string.flatMap(LookSubject.Kind.init(rawValue:)) else { return nil }
            return LookSubject(kind: kind, id: row.column("id")?.string ?? "", file: row.column("file")?.string ?? "")
        }
    }

    public func queuedLookCount() async throws -> Int {
        try await read("SELECT COUNT(*) AS n FROM look_queue", []).first?.column("n")?.integer ?? 0
    }

    public func saveLook(_ look: PhotoLook?, of subject: LookSubject, outbox: [OutboxEntry]) async throws {
        let table = subject.kind == .report ? "announcement" : "sighting"
        try await transaction { connection in
            let binds: [SQLiteData] = [.text(subject.kind.rawValue), .text(subject.id), .text(subject.file)]
            _ = try await self.rows("DELETE FROM look_queue WHERE kind = ? AND id = ? AND file = ?", binds, on: connection)
            let current = try await self.rows(
                "SELECT 1 FROM \(table) WHERE id = ? AND photo_file = ?", [.text(subject.id), .text(subject.file)], on: connection)
            guard !current.isEmpty else { return }
            _ = try await self.rows(
                "INSERT OR REPLACE INTO photo_look (kind, id, file, look) VALUES (?, ?, ?, ?)",
                binds + [look.map { .blob(ByteBuffer(bytes: $0.bytes)) } ?? .null], on: connection)
            if look != nil { try await Self.enqueue(outbox, on: connection) }
        }
    }

    /// A row's report id and look (`id`, `look`); nil for a look that is not one.
    static func reportLook(from row: StoredRow) -> (id: AnnouncementID, look: PhotoLook)? {
        guard let id = row.column("id")?.string, case .blob(var buffer)? = row.column("look"),
            let look = buffer.readBytes(length: buffer.readableBytes).flatMap(PhotoLook.init(bytes:))
        else { return nil }
        return (AnnouncementID(id), look)
    }

    public func looks(ofReports ids: [AnnouncementID]) async throws -> [AnnouncementID: PhotoLook] {
        // One short statement whatever the count (the ids as one JSON array): parsing a statement of 500 `?`s
        // cost more than reading the looks.
        guard !ids.isEmpty else { return [:] }
        let list = String(decoding: try JSONEncoder().encode(ids.map(\.rawValue)), as: UTF8.self)
        var looks: [AnnouncementID: PhotoLook] = [:]
        for row in try await read(
            """
            SELECT l.id, l.look FROM photo_look l JOIN announcement a ON a.id = l.id AND a.photo_file = l.file
            WHERE l.kind = 'report' AND l.look IS NOT NULL AND l.id IN (SELECT value FROM json_each(?))
            """, [.text(list)])
        {
            if let (id, look) = Self.reportLook(from: row) { looks[id] = look }
        }
        return looks
    }
}
