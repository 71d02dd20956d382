import Foundation

/// A message brought to one plain spelling before the scam signs are looked for: lower case, no accents or
/// invisible characters, no leetspeak, spaced-out letters joined, punctuation reduced to clause marks.
enum ScamText {
    /// The plain readings of `text`: one for each meaning of a "1" inside a word ("g1ft", "bl1k", "pay pa1").
    static func readings(of text: String) -> [String] {
        let joined = joiningSpacedLetters(fold(text))
        return Set(["i", "l"].map { punctuated(unleet(joined, one: $0)) }).sorted()
    }

    /// True when `text` has a Cash App "$cashtag".
    static func hasCashtag(_ text: String) -> Bool {
        first(cashtag, in: fold(text)) != nil
    }

    /// Lower case, compatibility forms (full-width letters, ligatures) and accents folded, invisible
    /// characters and apostrophes gone.
    static func fold(_ text: String) -> String {
        // Lowered again after the compatibility forms: mathematical letters (𝐏𝐞𝐭) have no case of their own.
        let scalars = text.lowercased().decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars
            .filter { !droppedCategories.contains($0.properties.generalCategory) }
        return String(String.UnicodeScalarView(scalars)).map { letters[$0] ?? String($0) }.joined()
    }

    /// "p a y p a l", "c.o.d.e" and "m-0-n-e-y" as one word: three or more lone characters with separators.
    static func joiningSpacedLetters(_ text: String) -> String {
        replacing(spacedLetters, in: text) { $0.filter { !separators.contains($0) } }
    }

    /// Leetspeak read as letters inside words that have a letter ("m0ney", "p@ypal", "ca$h", "c0d3"),
    /// but not in sums and numbers ("$50", "50zl", "covid19").
    static func unleet(_ text: String, one: Character) -> String {
        replacing(leetWord, in: text) { word in
            guard word.contains(where: \.isLetter), first(numberWithUnit, in: word) == nil else { return word }
            return String(word.map { $0 == "1" ? one : leet[$0] ?? $0 })
        }
    }

    /// Words separated by single spaces, with " , " between clauses and " . " between sentences, and harmless
    /// compounds ("zip code", "kod pocztowy") written as one word.
    static func punctuated(_ text: String) -> String {
        var text = replacing(decimalMark, in: text) { $0.filter(\.isNumber) }
        for (pattern, mark) in marks { text = replacing(pattern, in: text) { _ in mark } }
        text = replacing(compound, in: text) { $0.filter { $0 != " " } }
        return text.split(separator: " ").joined(separator: " ")
    }

    static func first(_ pattern: NSRegularExpression, in text: String) -> NSTextCheckingResult? {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }

    /// `text` with every match of `pattern` replaced by `transform` of the matched text.
    static func replacing(_ pattern: NSRegularExpression, in text: String, _ transform: (String) -> String) -> String {
        let source = text as NSString
        let result = NSMutableString(string: text)
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: source.length)).reversed() {
            result.replaceCharacters(in: match.range, with: transform(source.substring(with: match.range)))
        }
        return result as String
    }

    static func regex(_ pattern: String) -> NSRegularExpression {
        // The patterns are constants of this module: a bad one is a programming error.
        try! NSRegularExpression(pattern: pattern)
    }

    static let droppedCategories: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark, .format]
    static let separators: Set<Character> = [" ", ".", "-", "_", "*", "/", "·", "•", "+", "~"]
    // ł, ø and the like have no decomposition; Cyrillic look-alikes stand in for Latin letters in "рауpal".
    static let letters: [Character: String] = [
        "ł": "l", "đ": "d", "ø": "o", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h", "ŧ": "t",
        "'": "", "’": "", "‘": "", "ʼ": "", "`": "", "´": "",
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "к": "k",
        "т": "t", "м": "m", "н": "h", "в": "b",
        "ο": "o", "α": "a", "ε": "e", "ρ": "p", "τ": "t", "ι": "i", "κ": "k", "ν": "v", "υ": "u", "χ": "x", "ς": "s",
    ]
    static let leet: [Character: Character] = ["0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i", "|": "l"]
    static let cashtag = regex(#"(?<![\p{L}\p{N}$])\$[a-z][a-z0-9_]{1,19}"#)
    static let spacedLetters = regex(#"(?<![\p{L}\p{N}@$])(?:[\p{L}\p{N}@$](?: |[.\-_*/·•+~] ?)){2,}[\p{L}\p{N}@$](?![\p{L}\p{N}@$])"#)
    static let leetWord = regex(#"[\p{L}\p{N}@$!|]*[\p{L}\p{N}@$]"#)
    static let numberWithUnit = regex(#"^\$?\d+[a-z]{0,6}$|^[a-z]+\d{2,}$"#)
    static let decimalMark = regex(#"\d[.,]\d"#)
    static let marks: [(NSRegularExpression, String)] = [
        (regex(#"[.!?…\n\r]+"#), " . "),
        (regex(#"[,;:()\[\]"«»„“”–—]+"#), " , "),
        (regex(#"[^\p{L}\p{N}$€£¥₴₽ ,.]+"#), " "),
        (regex(#"\s+"#), " "),
    ]
    // Codes that are not one-time codes, and words that only look like a fee or cash.
    static let compound = regex(
        #"(?<![a-z0-9])(?:(?:zip|post|postal|qr|bar|area|dress|colou?r|promo|discount|door|gate|(?:micro)?chip|tag|country|morse|source) codes?"#
            + #"|kod(?:u|em|y|zie)? (?:pocztow\w*|kreskow\w*|qr|(?:mikro)?c?[hz]?ip\w*|do (?:bramy|drzwi|domofonu|klatki)|domofonu|bramy|drzwi)"#
            + #"|codes? (?:on|from) (?:his |her |the |its )?(?:tag|collar|chip|microchip|disc|medal)"#
            + #"|kod(?:u|em)? (?:na|z) (?:jego |jej )?(?:obrozy|obrozce|adresowce|adresowki|zawieszce|zawieszki|medaliku|medalika|chipie)"#
            + #"|fee free|cash and carry|bottle deposit|deposit (?:machine|box|return)|cash (?:machine|point)|pay (?:and display|phone|booth))(?![a-z0-9])"#)
}
