import PetSpotDomain

/// A counted phrase in each language's plural forms (CLDR: English one/other, Polish one/few/many),
/// `{count}` standing for the number.
public enum CountedText: Sendable, CaseIterable {
    case years, reports, reportsOnPage, newReports, newReportsSubject, newSightings, daysSinceMissing, checkInReports

    var english: (one: String, other: String) {
        switch self {
        case .years: ("{count} year", "{count} years")
        case .reports: ("{count} report", "{count} reports")
        case .reportsOnPage: ("{count} report on this page", "{count} reports on this page")
        case .newReports: ("{count} new report", "{count} new reports")
        case .newReportsSubject: ("{count} new PetSpot report near you", "{count} new PetSpot reports near you")
        case .newSightings: ("{count} new sighting of your pet has been reported.", "{count} new sightings of your pet have been reported.")
        case .daysSinceMissing: ("{count} day since it went missing", "{count} days since it went missing")
        case .checkInReports: ("Is your {count} PetSpot report still current?", "Are your {count} PetSpot reports still current?")
        }
    }

    var polish: (one: String, few: String, many: String) {
        switch self {
        case .years: ("{count} rok", "{count} lata", "{count} lat")
        case .reports: ("{count} zgłoszenie", "{count} zgłoszenia", "{count} zgłoszeń")
        case .reportsOnPage: ("{count} zgłoszenie na tej stronie", "{count} zgłoszenia na tej stronie", "{count} zgłoszeń na tej stronie")
        case .newReports: ("{count} nowe zgłoszenie", "{count} nowe zgłoszenia", "{count} nowych zgłoszeń")
        case .newReportsSubject:
            (
                "{count} nowe zgłoszenie w PetSpot w Twojej okolicy", "{count} nowe zgłoszenia w PetSpot w Twojej okolicy",
                "{count} nowych zgłoszeń w PetSpot w Twojej okolicy"
            )
        case .newSightings:
            (
                "Zgłoszono {count} nowe zauważenie Twojego pupila.", "Zgłoszono {count} nowe zauważenia Twojego pupila.",
                "Zgłoszono {count} nowych zauważeń Twojego pupila."
            )
        case .daysSinceMissing: ("{count} dzień od zaginięcia", "{count} dni od zaginięcia", "{count} dni od zaginięcia")
        case .checkInReports:
            (
                "Czy Twoje {count} zgłoszenie w PetSpot jest nadal aktualne?", "Czy Twoje {count} zgłoszenia w PetSpot są nadal aktualne?",
                "Czy Twoich {count} zgłoszeń w PetSpot jest nadal aktualnych?"
            )
        }
    }
}

extension Strings {
    /// `phrase` with `count` in the form the language's plural rules give it.
    public func counted(_ phrase: CountedText, _ count: Int) -> String {
        let form: String
        switch language {
        case .en:
            form = PluralCategory.english(count) == .one ? phrase.english.one : phrase.english.other
        case .pl:
            switch PluralCategory.polish(count) {
            case .one: form = phrase.polish.one
            case .few: form = phrase.polish.few
            default: form = phrase.polish.many
            }
        }
        return form.filling("{count}", with: String(count))
    }

    /// How long a pet has been missing, in words: "the day it went missing" on day 0, "3 days since it
    /// went missing" after.
    public func daysMissing(_ days: Int) -> String {
        days <= 0 ? self[.dayOfLoss] : counted(.daysSinceMissing, days)
    }
}
