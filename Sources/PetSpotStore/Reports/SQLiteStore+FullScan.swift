import PetSpotDomain
import SQLiteNIO

extension SQLiteStore {
    /// The reference backend's nearby algorithm, kept as the benchmarks' baseline: no index at all
    /// (`NOT INDEXED`), the distance computed in SQL for every row, then the same filters, newest-first
    /// order and limit as `list`, so both return the same announcements.
    public func fullScanList(_ query: AnnouncementQuery) async throws -> [Announcement] {
        let (conditions, binds) = SQLiteListQuery.filters(query, nearby: query.nearby)
        var sql = "SELECT a.* FROM announcement a NOT INDEXED WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY a.created_at DESC, a.id DESC"
        if let limit = query.limit {
            sql += " LIMIT \(limit)" // a literal: a bound LIMIT makes SQLite prepare the statement twice
        }
        return try await read(sql, binds).map(Self.announcement(from:))
    }
}
