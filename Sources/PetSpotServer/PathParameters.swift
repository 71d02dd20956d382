import Hummingbird
import PetSpotDomain
import PetSpotStore

/// Path parameters, read once at the edge into typed values. Every pattern carries its parameters, so
/// an empty one can only be a path that names nothing: it answers as an unknown id does (404 NOT_FOUND
/// on the API, the not-found page on the web).
extension PetSpotRequestContext {
    /// The path's `name` parameter, percent-decoded (`/announcements/%35bcb…` names report `5bcb…`, as the
    /// old backend read it; a malformed escape stays as sent and names nothing).
    func path(_ name: String) throws -> String {
        guard let sent = parameters.get(name), case let value = PercentEncoding.decode(sent) ?? sent, !value.isEmpty else {
            throw StoreError.notFound
        }
        return value
    }

    /// The report a path names (`:id`).
    func reportID() throws -> AnnouncementID { AnnouncementID(try path("id")) }
}

/// A URL's `%XX` escapes. Foundation's `removingPercentEncoding` drops a leading byte order mark, which
/// made `%EF%BB%BF<id>` a second name for a report; here every escaped byte stays.
enum PercentEncoding {
    /// The bytes `text` stands for: each `%XX` as its byte, anything else as itself; `malformed` when a
    /// `%` starts no escape (it then stands for itself).
    static func bytes(_ text: String) -> (bytes: [UInt8], malformed: Bool) {
        let sent = Array(text.utf8)
        var bytes: [UInt8] = [], malformed = false, index = 0
        bytes.reserveCapacity(sent.count)
        while index < sent.count {
            if sent[index] == UInt8(ascii: "%") {
                if index + 2 < sent.count, let high = hexValue(sent[index + 1]), let low = hexValue(sent[index + 2]) {
                    bytes.append(high << 4 | low)
                    index += 3
                    continue
                }
                malformed = true
            }
            bytes.append(sent[index])
            index += 1
        }
        return (bytes, malformed)
    }

    /// `text` decoded, nil when an escape is malformed or the bytes are not UTF-8.
    static func decode(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let (bytes, malformed) = bytes(text)
        return malformed ? nil : String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
