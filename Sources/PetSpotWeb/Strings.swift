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
    private static let english = StringCatalog.entries.mapValues(\.en)
    private static let polish = StringCatalog.entries.mapValues(\.pl)

    public subscript(_ key: String) -> String { table[key] ?? key }
}
