import Foundation

/// A calendar day as the contract writes it, `YYYY-MM-DD`.
public struct ReportDate: Sendable, Equatable, Comparable, Hashable {
    public let year: Int, month: Int, day: Int

    /// Parses `YYYY-MM-DD` exactly; an impossible day (`2025-02-30`, month 13) is nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isASCIIDigit) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= Self.daysIn(month: m, year: y)
        else { return nil }
        (year, month, day) = (y, m, d)
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

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: ReportDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The day `days` after `day` (before, when negative).
    public static func adding(_ days: Int, to day: ReportDate) -> ReportDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
        return ReportDate(calendar.date(byAdding: .day, value: days, to: start)!, in: calendar.timeZone)
    }

    public static func < (lhs: ReportDate, rhs: ReportDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// Days since 0000-03-01 in the proleptic Gregorian calendar.
    private var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year, m = month <= 2 ? month + 9 : month - 3
        return 365 * y + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + day - 1
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
