import Foundation

/// How domain values are written on screen, in the current language.
public struct DisplayFormatting: Sendable {
    public let strings: LocalizedStrings

    public init(strings: LocalizedStrings) {
        self.strings = strings
    }

    /// "52.2297° N, 21.0122° E" (four decimals, hemisphere letters).
    public func coordinates(_ coordinate: Coordinate) -> String {
        let posix = Locale(identifier: "en_US_POSIX")
        let lat = String(format: "%.4f", locale: posix, abs(coordinate.latitude))
        let lng = String(format: "%.4f", locale: posix, abs(coordinate.longitude))
        return "\(lat)° \(coordinate.latitude >= 0 ? "N" : "S"), \(lng)° \(coordinate.longitude >= 0 ? "E" : "W")"
    }

    /// `yyyy-MM-dd` as "Nov 20, 2025" (in Polish "20 lis 2025"); other text is shown as it is.
    public func reportDate(_ text: String) -> String {
        guard let day = ReportDate(text) else { return text }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else { return text }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = strings.language.locale
        formatter.dateFormat = strings.language == .polish ? "d MMM yyyy" : "MMM dd, yyyy"
        return formatter.string(from: date)
    }

    /// "3 years", "1 year"; in Polish "1 rok", "3 lata", "5 lat".
    public func age(_ years: Int) -> String {
        strings.format(ageKey(years), years)
    }

    private func ageKey(_ years: Int) -> StringKey {
        if years == 1 { return .detailsAgeOneYear }
        let lastTwo = years % 100, last = years % 10
        if strings.language == .polish, (2...4).contains(last), !(12...14).contains(lastTwo) { return .detailsAgeFewYears }
        return .detailsAgeYears
    }

    public func species(_ species: AnimalSpecies) -> String {
        switch species {
        case .dog: return strings[.speciesDog]
        case .cat: return strings[.speciesCat]
        case .bird: return strings[.speciesBird]
        case .rabbit: return strings[.speciesRabbit]
        case .other: return strings[.speciesOther]
        }
    }

    public func gender(_ gender: AnimalGender) -> String {
        switch gender {
        case .male: return strings[.genderMale]
        case .female: return strings[.genderFemale]
        case .unknown: return strings[.genderUnknown]
        }
    }

    public func genderSymbol(_ gender: AnimalGender) -> String {
        switch gender {
        case .male: return "♂"
        case .female: return "♀"
        case .unknown: return "?"
        }
    }

    public func status(_ status: AnnouncementStatus) -> String {
        switch status {
        case .missing: return strings[.statusMissing]
        case .found: return strings[.statusFound]
        case .closed: return strings[.statusClosed]
        }
    }

    /// The microchip number as `12345-67890-12345`, or "—" when there is none.
    public func microchip(_ digits: String?) -> String {
        let formatted = MicrochipNumberFormatter.format(digits ?? "")
        return formatted.isEmpty ? strings[.detailsNotProvided] : formatted
    }

    /// The text, or "—" when it is missing or blank.
    public func optional(_ text: String?) -> String {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return strings[.detailsNotProvided] }
        return text
    }
}
