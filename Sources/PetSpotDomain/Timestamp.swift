import Foundation

/// Timestamps as the contract and the stores write them: `2025-11-24T12:34:56.789Z`, UTC, to the
/// nearest millisecond. Foundation's formatter truncates, so a time read back from such text could
/// print a millisecond early and move a paging cursor past a report; this one rounds.
public enum Timestamp {
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
