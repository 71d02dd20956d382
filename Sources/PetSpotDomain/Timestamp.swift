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
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day,
                      secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60, millis)
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
