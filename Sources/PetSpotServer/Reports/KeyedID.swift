@preconcurrency import Crypto
import Foundation
import PetSpotDomain

/// An id, in a UUID's form, made from a phone's idempotency key, what it names and its report: a queued
/// sighting or message sent again gets the id it got the first time, so it is found, not filed twice.
enum KeyedID {
    static func make(_ purpose: String, key: String, report: AnnouncementID) -> String {
        let hex = Hex.encode(Array(SHA256.hash(data: Data("\(purpose)|\(report.rawValue)|\(key)".utf8)).prefix(16)))
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.map(String.init).joined(separator: "-")
    }
}
