@preconcurrency import Crypto
import Foundation
import PetSpotDomain

/// An id, in a UUID's form, made from a phone's idempotency key, what it names and its report: a queued
/// sighting or message sent again gets the id it got the first time, so it is found, not filed twice.
enum KeyedID {
    static func make(_ purpose: String, key: String, report: AnnouncementID) -> String {
        let digest = SHA256.hash(data: Data("\(purpose)|\(report.rawValue)|\(key)".utf8))
        return UUID(uuid: digest.withUnsafeBytes { $0.load(as: uuid_t.self) }).uuidString.lowercased()
    }
}
