import Foundation
import PetSpotDomain

extension InMemoryStore {
    public func searchVocabulary(near words: [String]) -> [String] {
        let wanted = Set(words.flatMap(SearchWords.variants))
        let known = Set(announcements.values.flatMap { SearchWords.typoVocabulary(SearchWords.document(of: $0.announcement)) })
        return known.filter { !SearchWords.variants($0).isDisjoint(with: wanted) }.sorted()
    }

    public func reportsWithoutSearchWords(limit: Int) -> [Announcement] { [] }

    public func setPlaceName(_ name: String?, of id: AnnouncementID) throws {
        guard announcements[id] != nil else { throw StoreError.notFound }
        announcements[id]?.announcement.placeName = name
    }

    /// The same order as the SQL stores: tier (terms met) first unless by newest, then newest first.
    func searchList(_ query: AnnouncementQuery, search: SearchText) -> [Announcement] {
        var unpaged = query
        unpaged.search = nil
        unpaged.after = nil
        unpaged.limit = nil
        let byNewest = query.searchByNewest
        let ranked = list(unpaged).compactMap { report -> (tier: Int, key: (String, String), report: Announcement)? in
            let tier = search.matched(in: Set(SearchWords.document(of: report).map { Substring($0) }))
            guard tier > 0 else { return nil }
            return (byNewest ? 1 : tier, (Timestamp.string(report.createdAt), report.id.rawValue), report)
        }.sorted { ($0.tier, $0.key.0, $0.key.1) > ($1.tier, $1.key.0, $1.key.1) }
        let after = query.after.map { (byNewest ? 1 : $0.tier ?? 0, $0.createdAt, $0.id.rawValue) }
        let kept = ranked.filter { entry in after.map { (entry.tier, entry.key.0, entry.key.1) < $0 } ?? true }
        return Array(kept.prefix(query.limit ?? .max).map(\.report))
    }
}
