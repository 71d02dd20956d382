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
