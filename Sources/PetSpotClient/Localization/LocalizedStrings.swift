import Foundation

/// Looks up user-visible text by key in one language (a Swift table, not bundles).
public struct LocalizedStrings: Sendable {
    public let language: AppLanguage

    public init(language: AppLanguage = .english) {
        self.language = language
    }

    /// The strings for the device's preferred language.
    public static func current() -> LocalizedStrings {
        LocalizedStrings(language: AppLanguage(localeIdentifier: Locale.preferredLanguages.first ?? "en"))
    }

    /// The text for `key`; the English text if the table lacks it; the key itself as a last resort.
    public subscript(_ key: StringKey) -> String {
        Self.table(for: language)[key] ?? Self.english[key] ?? key.rawValue
    }

    /// The text for a key as written in a strings file: the reference app's (`report_created.title`) or
    /// seed 003's spelling (`report_created_title`); nil for a key the app does not have.
    public subscript(key: String) -> String? {
        let found = StringKey(rawValue: key) ?? StringKey.allCases.first { $0.rawValue.replacingOccurrences(of: ".", with: "_") == key }
        return found.map { self[$0] }
    }

    /// The text for `key` with printf-style arguments filled in.
    public func format(_ key: StringKey, _ arguments: any CVarArg...) -> String {
        String(format: self[key], locale: language.locale, arguments: arguments)
    }

    static func table(for language: AppLanguage) -> [StringKey: String] {
        switch language {
        case .english: return english
        case .polish: return polish
        }
    }
}
