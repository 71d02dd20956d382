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
    static func reportLook(from row: some SQLiteColumns) -> (id: AnnouncementID, look: PhotoLook)? {
        guard let id = row.column("id")?.string, case .blob(var buffer)? = row.column("look"),
            let look = buffer.readBytes(length: buffer.readableBytes).flatMap(PhotoLook.init(bytes:))
        else { return nil }
        return (AnnouncementID(id), look)
    }

    public func looks(ofReports ids: [AnnouncementID]) async throws -> [AnnouncementID: PhotoLook] {
        guard !ids.isEmpty else { return [:] }
        var looks: [AnnouncementID: PhotoLook] = [:]
        for row in try await read(
            """
            SELECT l.id, l.look FROM photo_look l JOIN announcement a ON a.id = l.id AND a.photo_file = l.file
            WHERE l.kind = 'report' AND l.look IS NOT NULL AND l.id IN (SELECT value FROM json_each(?))
            """, [.text(ids.jsonArray)])
        {
            if let (id, look) = Self.reportLook(from: row) { looks[id] = look }
        }
        return looks
    }

    public func lookCandidates(_ query: AnnouncementQuery) async throws -> [(id: AnnouncementID, look: PhotoLook)] {
        // One statement (a nearby page's windows) reads each report's id and the look of its photo, not the
        // whole report: only the few shown are read whole, after the ranking.
        try await withReader { connection in
            if let nearby = query.nearby {
                return try Self.nearbyRows(query, nearby: nearby, reading: .looks, on: connection, Self.reportLook(from:)).compactMap { $0 }
            }
            var found: [(id: AnnouncementID, look: PhotoLook)] = []
            let (sql, binds) = SQLiteListQuery.build(query, reading: .looks)
            try connection.each(sql, binds) { row in
                if let candidate = Self.reportLook(from: row) { found.append(candidate) }
                return true
            }
            return found
        }
    }
}

extension SQLiteListQuery.Columns {
    /// A report's id and the look of its current photo (NULL while it waits for its look, or when its photo
    /// cannot be compared), read once the page is sorted and cut: sorting rows that carry a look's 1,280 bytes
    /// spilled to a temporary file (a search by photo at 1 M reports took 74 ms p50 instead of 29). The page,
    /// the outer loop, keeps its order.
    static let looks = Self(select: "a.id, a.photo_file") { page in
        "SELECT p.id, l.look FROM (\(page)) p LEFT JOIN photo_look l ON l.kind = 'report' AND l.id = p.id AND l.file = p.photo_file"
    }
}
