import Foundation
import NIOConcurrencyHelpers

/// The `Date` header's value, made once a second.
enum HTTPDate {
    private static let cache = NIOLockedValueBox<(second: Int, text: String)>((-1, ""))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func now() -> String {
        let second = Int(Date().timeIntervalSince1970)
        return cache.withLockedValue { cached in
            if cached.second == second { return cached.text }
            var time = time_t(second)
            var parts = tm()
            gmtime_r(&time, &parts)
            let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
            let text =
                "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
            cached = (second, text)
            return text
        }
    }
}
