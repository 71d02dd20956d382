import Foundation

/// The languages every page is offered in.
public enum Language: String, Sendable, CaseIterable {
    case en, pl

    /// The first supported language in an `Accept-Language` header, by quality; English otherwise.
    public init(acceptLanguage header: String?) {
        let ranked = (header ?? "").split(separator: ",").enumerated().compactMap { index, part -> (Language, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased().split(separator: "-").first,
                let language = Language(rawValue: String(tag))
            else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0 ? (language, quality, index) : nil
        }
        self = ranked.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.first?.0 ?? .en
    }

    /// The name of the language in itself, for the switcher.
    public var nativeName: String { self == .en ? "English" : "Polski" }

    /// The language the switcher offers.
    public var other: Language { self == .en ? .pl : .en }
}
