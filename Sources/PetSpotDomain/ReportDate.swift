import Foundation

/// A calendar day as the contract writes it, `YYYY-MM-DD`.
public struct ReportDate: Sendable, Equatable, Comparable, Hashable {
    public let year: Int, month: Int, day: Int

    /// Parses `YYYY-MM-DD` exactly; an impossible day (`2025-02-30`, month 13) is nil.
    public init?(_ text: String) {
        guard Self.isWellFormed(text) else { return nil }
        let parts = text.split(separator: "-")
        guard let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), d >= 1, d <= Self.daysIn(month: m, year: y)
        else { return nil }
        (year, month, day) = (y, m, d)
    }

    /// `YYYY-MM-DD` in ASCII digits, whether or not it names a real day.
    public static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCIIDigit) }
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        (year, month, day) = (parts.year!, parts.month!, parts.day!)
    }

    public var text: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// The latest day that is already "today" somewhere on Earth (UTC+14), so nobody is told their own
    /// today lies in the future.
    public static func latestToday(now: Date = Date()) -> ReportDate {
        ReportDate(now, in: TimeZone(secondsFromGMT: 14 * 3600)!)
    }

    /// The time zone a page's script sent as minutes east of UTC (`tzOffset`), when it is one.
    public static func deviceZone(_ minutesFromUTC: String?) -> TimeZone? {
        minutesFromUTC.flatMap { Int($0) }.flatMap { abs($0) <= 14 * 60 ? TimeZone(secondsFromGMT: $0 * 60) : nil }
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: ReportDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The day `days` after `day` (before, when negative), in the proleptic Gregorian calendar on plain
    /// day numbers (Foundation's calendar turns Julian before 1582 and cannot go before year 1).
    public static func adding(_ days: Int, to day: ReportDate) -> ReportDate {
        ReportDate(dayNumber: day.dayNumber + days)
    }

    public static func < (lhs: ReportDate, rhs: ReportDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (eras of 400 years, so any year works).
    private var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    private init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let m = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        (year, month, day) = (yearOfEra + era * 400 + (m <= 2 ? 1 : 0), m, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension ReportDate {
    /// The UTC day of `date`, by arithmetic (a `Calendar` per call is costly on Linux).
    public init(utc date: Date) {
        self.init(dayNumber: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }
}

extension String {
    /// `self` with every `placeholder` replaced by `value`, by a plain byte scan: Foundation's
    /// `replacingOccurrences` goes through NSString on Linux and showed in the report page's profile.
    /// (UTF-8 is self-synchronising: a valid placeholder only matches whole characters.)
    public func filling(_ placeholder: String, with value: String) -> String {
        let needle = Array(placeholder.utf8)
        guard let first = needle.first, utf8.count >= needle.count, utf8.contains(first) else { return self }
        let text = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.count + value.utf8.count)
        var index = 0
        while index < text.count {
            if text[index] == first, index + needle.count <= text.count, text[index..<(index + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: value.utf8)
                index += needle.count
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Timestamps as the contract and the stores write them: `2025-11-24T12:34:56.789Z`, UTC, to the
/// nearest millisecond. Foundation's formatter truncates, so a time read back from such text could
/// print a millisecond early and move a paging cursor past a report; this one rounds.
public enum Timestamp {
    /// A timestamp as the contract writes it, or as other clients send it: ISO 8601 with or without
    /// fractional seconds; nil for anything else (or over 40 characters).
    public static func date(_ text: String) -> Date? {
        guard text.utf8.count <= 40, text.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    public static func string(_ date: Date) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let millis = ((total % 1000) + 1000) % 1000
        let seconds = (total - millis) / 1000
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let (year, month, day) = civil(fromDays: (seconds - secondOfDay) / 86_400)
        guard (0...9999).contains(year) else {
            return String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day,
                secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60, millis)
        }
        // Digit by digit: `String(format:)` cost a list of 50 reports a sixth of the server's CPU.
        return String(unsafeUninitializedCapacity: 24) { text in
            var end = 0
            func put(_ value: Int64, width: Int, then separator: UInt8) {
                var value = value
                for index in stride(from: end + width - 1, through: end, by: -1) {
                    text[index] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
                    value /= 10
                }
                text[end + width] = separator
                end += width + 1
            }
            put(year, width: 4, then: 0x2D); put(month, width: 2, then: 0x2D); put(day, width: 2, then: 0x54)
            put(secondOfDay / 3600, width: 2, then: 0x3A); put(secondOfDay % 3600 / 60, width: 2, then: 0x3A)
            put(secondOfDay % 60, width: 2, then: 0x2E); put(millis, width: 3, then: 0x5A)
            return end
        }
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
