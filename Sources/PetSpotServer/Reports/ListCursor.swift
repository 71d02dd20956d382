import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// The opaque `cursor` of the list: where the previous page ended.
enum ListCursor {
    /// `createdAt|id`, and `|tier` in a search by relevance.
    static func encode(_ cursor: AnnouncementCursor) -> String {
        Base64URL.encode(Data(([cursor.createdAt, cursor.id.rawValue] + (cursor.tier.map { ["\($0)"] } ?? [])).joined(separator: "|").utf8))
    }

    static func decode(_ text: String) -> AnnouncementCursor? {
        guard let data = Base64URL.decode(text), let decoded = String(data: data, encoding: .utf8) else { return nil }
        let parts = decoded.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), StoredDate.date(parts[0]) != nil, !parts[1].isEmpty,
            !parts[1].hasControlCharacters(allowingLines: false)
        else { return nil }
        var cursor = AnnouncementCursor(createdAt: parts[0], id: AnnouncementID(parts[1]))
        if parts.count == 3 {
            guard let tier = Int(parts[2]), (1...SearchText.maximumTerms).contains(tier) else { return nil }
            cursor.tier = tier
        }
        return cursor
    }

    /// The same request with `cursor` replaced. What a URI may not hold (`<`, `>`, `"`, a space) is
    /// percent-encoded, so a query cannot end the `Link` header's `<…>` and add a link of its own.
    static func nextURL(path: String, query: String?, cursor: String) -> String {
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("cursor=") }
            .map { $0.addingPercentEncoding(withAllowedCharacters: linkSafe) ?? "" }
        return path + "?" + (kept + ["cursor=\(cursor)"]).joined(separator: "&")
    }

    private static let linkSafe = CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "%"))
}

/// One page of the public list, for the API and the web alike.
struct ReportPage: Sendable {
    var reports: [Announcement]
    /// The cursor of the next page; nil on the last one.
    var next: String?
}

extension AnnouncementService {
    public func list(_ query: AnnouncementQuery) async throws -> [Announcement] { try await store.list(query) }

    /// The public list's page after `cursor`: at most `size` reports that match `query`, newest first,
    /// without those whose reporters stopped answering "still missing?", and the next page's cursor.
    func page(_ query: AnnouncementQuery, size: Int, after cursor: AnnouncementCursor?, now: Date = Date()) async throws -> ReportPage {
        var query = query
        query.limit = size + 1
        query.after = cursor
        query.confirmedSince = CheckInService.listedSince(now)
        if let search = query.search { query.search = try await store.expand(search) }
        var found = try await list(query)
        guard found.count > size else { return ReportPage(reports: found) }
        found.removeLast(found.count - size)
        let last = found[found.count - 1]
        let tier = query.searchByNewest ? nil : query.search?.matched(in: Set(SearchWords.document(of: last).map { Substring($0) }))
        return ReportPage(reports: found, next: ListCursor.encode(AnnouncementCursor(after: last, tier: tier)))
    }
}
