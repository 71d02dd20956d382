import PetSpotRoutes
/// Every text the pages show, in English and Polish (the iOS app's strings where it has one).
public struct Strings: Sendable {
    public let language: Language
    /// Key → text in `language`, handed to the templates as `t`.
    public let table: [String: String]

    public init(_ language: Language) {
        self.language = language
        table = language == .en ? Self.english : Self.polish
    }

    /// Each language's table, made once (not per page).
    private static let english = Dictionary(uniqueKeysWithValues: StringCatalog.entries.map { ($0.key.rawValue, $0.value.en) })
    private static let polish = Dictionary(uniqueKeysWithValues: StringCatalog.entries.map { ($0.key.rawValue, $0.value.pl) })

    public subscript(_ key: TextKey) -> String { table[key.rawValue] ?? key.rawValue }

    /// The text of a key carried as a string (a domain rule's problem, a page's notice); the key itself
    /// when no text has it, which `StringKeyTests` keeps from happening.
    public func text(_ key: String) -> String { table[key] ?? key }
}
