import PetSpotDomain
import SQLiteNIO

extension SQLiteStore {
    /// The reference backend's nearby algorithm, kept as the benchmarks' baseline: no index at all
    /// (`NOT INDEXED`), the distance computed in SQL for every row, then the same filters, newest-first
    /// order and limit as `list`, so both return the same announcements.
    public func fullScanList(_ query: AnnouncementQuery) async throws -> [Announcement] {
        let (conditions, binds) = SQLiteListQuery.filters(query, nearby: query.nearby)
        var sql =
            "SELECT a.* FROM announcement a NOT INDEXED WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY a.created_at DESC, a.id DESC"
        if let limit = query.limit {
            sql += " LIMIT \(limit)" // a literal: a bound LIMIT makes SQLite prepare the statement twice
        }
        return try await read(sql, binds).map(Self.announcement(from:))
    }
}

extension SQLiteStore {
    /// A search without the word index, the search benchmark's baseline: every row the filters keep is
    /// read (`NOT INDEXED`) and its words counted against the terms, then ranked as `list` ranks them.
    public func fullScanSearch(_ query: AnnouncementQuery) async throws -> [Announcement] {
        guard let search = query.search else { return try await fullScanList(query) }
        var unpaged = query
        unpaged.after = nil
        let (conditions, binds) = SQLiteListQuery.filters(unpaged, nearby: query.nearby)
        let sql =
            "SELECT a.*, w.words AS search_words FROM announcement a NOT INDEXED JOIN announcement_words w ON w.seq = a.seq WHERE "
            + conditions.joined(separator: " AND ")
        let ranked = try await withReader { connection in
            var ranked: [(tier: Int, seq: Int64, row: StoredRow)] = []
            try connection.each(sql, binds) { cursor in
                let row = cursor.row()
                let tier = search.matched(in: Set((row.column("search_words")?.string ?? "").split(separator: " ")))
                if tier > 0 { ranked.append((query.searchByNewest ? 1 : tier, row.column("seq")?.integer.map(Int64.init) ?? 0, row)) }
                return true
            }
            return ranked
        }
        return try ranked.sorted { ($0.tier, $0.seq) > ($1.tier, $1.seq) }.prefix(query.limit ?? .max).map { try Self.announcement(from: $0.row) }
    }
}
