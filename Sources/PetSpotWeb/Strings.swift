/// Every text the pages show, in English and Polish (the iOS app's strings where it has one).
public struct Strings: Sendable {
    public let language: Language
    /// Key → text in `language`, handed to the templates as `t`.
    public let table: [String: String]

    public init(_ language: Language) {
        self.language = language
        table = StringCatalog.entries.mapValues { language == .en ? $0.en : $0.pl }
    }

    public subscript(_ key: String) -> String { table[key] ?? key }
}
