import Foundation

/// The words of free text as search sees them: case and diacritics folded (`Żółty` is
/// `zolty`, `ł` is `l`), cut at anything but letters and digits, each reduced to a stem (English plurals
/// and verb endings, Polish inflexions: `czarnego`, `czarna` and `czarny` are all `czarn`), and colour and
/// coat words of both languages mapped to one shared word (`rudy`, `ginger` and `orange` all meet), so
/// that a finder's words meet the owner's. Reports and queries go through the same function.
public enum SearchWords {
    /// The words a report's text is found by: each stem, and the shared word of a colour or coat.
    public static func document(_ text: String) -> [String] { terms(text).flatMap { $0 } }

    /// A query's terms, in order: each the words any one of which meets it (a stem and its shared colour
    /// word; a two-word colour such as "black and white" is one term, its shared word).
    public static func terms(_ text: String) -> [[String]] {
        var folded = fold(text)
        for phrase in phrases where folded.contains(phrase.first) { folded = phrase.marked(in: folded) }
        let words = folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        return words.indices.map { index in
            let word = words[index]
            if sharedWords.contains(word) { return [word] }
            let stem = stem(word)
            guard let shared = synonyms[stem] else { return [stem] }
            // The colour of a collar or harness is not the pet's: "red collar" meets "czerwona obroża", not a ginger cat.
            if shared.hasPrefix("colour"), index + 1 < words.count, accessories.contains(Self.stem(words[index + 1])) {
                return [stem, "item" + shared]
            }
            return [stem, shared]
        }
    }

    /// Lower case, without diacritics; Polish `ł` as `l`.
    public static func fold(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "ł", with: "l")
            .folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// English and Polish endings off a folded word of five letters or more, leaving at least four.
    public static func stem(_ word: String) -> String {
        guard word.count >= 5, word.allSatisfy(\.isLetter) else { return word }
        for ending in endings where word.hasSuffix(ending) && word.count - ending.count >= 4 {
            return String(word.dropLast(ending.count))
        }
        return word
    }

    /// Longest first, so `-ego` goes before `-o`.
    static let endings = [
        "owego", "owej", "ymi", "imi", "ego", "emu", "ych", "ich", "ami", "ach", "owi", "ing", "ies", "es", "ed", "ym", "im",
        "ej", "om", "ie", "y", "a", "e", "i", "o", "u", "s",
    ]

    /// Colour and coat words of both languages (stemmed), each to the word they share.
    static let synonyms: [String: String] = {
        var table: [String: String] = [:]
        for (shared, words) in groups { for word in words { table[stem(word)] = shared } }
        return table
    }()

    /// The shared words (letters only, so that every engine's tokenizer keeps them whole), each with the
    /// words of both languages that mean it.
    static let groups: [(String, [String])] = [
        ("colourginger", ["ginger", "orange", "red", "rudy", "ruda", "rude", "rudego", "pomaranczowy", "czerwony", "marchewkowy"]),
        ("colourblack", ["black", "czarny"]),
        ("colourwhite", ["white", "bialy"]),
        ("colourgrey", ["grey", "gray", "szary", "siwy", "popielaty", "silver", "srebrny"]),
        ("colourbrown", ["brown", "brazowy", "chocolate", "czekoladowy"]),
        ("colourcream", ["cream", "kremowy", "beige", "bezowy", "fawn", "plowy"]),
        ("coattabby", ["tabby", "pregowany", "bury", "striped"]),
        ("coattuxedo", ["tuxedo"]),
        ("coatcalico", ["calico", "tortoiseshell", "tortie", "szylkretowy", "trojkolorowy", "tricolor", "tricolour"]),
        ("coatspotted", ["spotted", "laciaty", "cetkowany", "merle"]),
        ("itemcollar", ["collar", "obroza"]),
        ("speciescat", ["cat", "cats", "kitten", "kot", "kota", "kotem", "kotka", "kocur", "kociak"]),
        ("speciesdog", ["dog", "dogs", "puppy", "pies", "psa", "psem", "piesek", "pieska", "suczka", "szczeniak"]),
    ]
    static let sharedWords = Set(groups.map(\.0))

    /// What a pet wears, stemmed: a colour word just before one is the thing's colour.
    static let accessories = Set(
        [
            "collar", "collars", "harness", "bandana", "tag", "lead", "leash", "obroza", "obrozy", "obroze", "obrozce",
            "obrozka", "obrozke", "obrozki", "szelki", "szelkach", "smycz", "chustka", "chustce", "adresatka",
        ].map(stem))

    /// Two-word colours, folded (a Polish compound with its ending), each adding its shared word to the
    /// two colours. Plain string matching: a regex literal is parsed again each time it is evaluated, and
    /// that parse was most of a report's indexing.
    static let phrases = [
        Phrase(first: "black", joins: [" and ", " & "], second: "white", shared: "coattuxedo", ending: false),
        Phrase(first: "czarno", joins: ["-", " ", ""], second: "bia", shared: "coattuxedo", ending: true),
        Phrase(first: "bialo", joins: ["-", " ", ""], second: "czarn", shared: "coattuxedo", ending: true),
    ]

    /// True when `a` and `b` differ by at most one letter (one replaced, added or removed): the typo a
    /// search forgives in words of five letters or more.
    public static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        let x = Array(a), y = Array(b)
        guard abs(x.count - y.count) <= 1 else { return false }
        var i = 0, j = 0, edits = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if x.count > y.count { i += 1 } else if x.count < y.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
