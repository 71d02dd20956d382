import Foundation

/// The languages the app speaks. Anything that is not Polish falls back to English.
public enum AppLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case polish = "pl"

    /// The language for a locale identifier such as `pl_PL` or `en-GB`.
    public init(localeIdentifier: String) {
        self = localeIdentifier.lowercased().hasPrefix("pl") ? .polish : .english
    }

    /// The locale used to format dates in this language.
    public var locale: Locale {
        Locale(identifier: self == .polish ? "pl_PL" : "en_US")
    }
}
