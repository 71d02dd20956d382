import Foundation

/// How place names are compared: lower case, diacritics removed, letters that do not decompose mapped
/// to their base (`ł` → `l`), runs of blanks as one space. `scripts/make-gazetteer.py` folds the
/// gazetteer's names with the same table, so `lodz`, `Łódź` and `ŁÓDŹ` all meet `lodz`.
public enum PlaceName {
    static let special: [Character: String] = [
        "ł": "l", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i",
        "þ": "th", "ð": "d", "ħ": "h", "ŀ": "l", "ŧ": "t", "ŋ": "n", "ƒ": "f", "ĸ": "k",
    ]

    public static func fold(_ text: String) -> String {
        var mapped = ""
        for character in text.lowercased() { mapped += special[character] ?? String(character) }
        // Python's `unicodedata.combining(c) != 0` in the script: marks that attach to a letter.
        let kept = mapped.decomposedStringWithCompatibilityMapping.unicodeScalars.filter {
            $0.properties.canonicalCombiningClass == .notReordered
        }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: { $0.isWhitespace || $0 == "|" }).joined(separator: " ")
    }
}
