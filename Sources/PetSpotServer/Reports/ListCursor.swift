import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// The opaque `cursor` of the list: where the previous page ended.
enum ListCursor {
    static func encode(_ cursor: AnnouncementCursor) -> String {
        Base64URL.encode(Data("\(cursor.createdAt)|\(cursor.id.rawValue)".utf8))
    }

    static func decode(_ text: String) -> AnnouncementCursor? {
        guard let data = Base64URL.decode(text), let decoded = String(data: data, encoding: .utf8),
              let bar = decoded.firstIndex(of: "|") else { return nil }
        let createdAt = String(decoded[..<bar]), id = String(decoded[decoded.index(after: bar)...])
        guard StoredDate.date(createdAt) != nil, !id.isEmpty else { return nil }
        return AnnouncementCursor(createdAt: createdAt, id: AnnouncementID(id))
    }

    /// The same request with `cursor` replaced.
    static func nextURL(path: String, query: String?, cursor: String) -> String {
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("cursor=") }
        return path + "?" + (kept + ["cursor=\(cursor)"]).joined(separator: "&")
    }
}

/// One page of the public list, for the API and the web alike.
struct ReportPage: Sendable {
    var reports: [Announcement]
    /// The cursor of the next page; nil on the last one.
    var next: String?
}

extension AnnouncementService {
    /// The public list's page after `cursor`: at most `size` reports that match `query`, newest first,
    /// without those whose reporters stopped answering "still missing?", and the next page's cursor.
    func page(_ query: AnnouncementQuery, size: Int, after cursor: AnnouncementCursor?, now: Date = Date()) async throws -> ReportPage {
        var query = query
        query.limit = size + 1
        query.after = cursor
        query.confirmedSince = CheckInService.listedSince(now)
        var found = try await list(query)
        guard found.count > size else { return ReportPage(reports: found) }
        found.removeLast(found.count - size)
        return ReportPage(reports: found, next: ListCursor.encode(AnnouncementCursor(after: found[found.count - 1])))
    }
}
