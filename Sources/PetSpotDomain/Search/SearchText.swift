/// What a search box's text asks for: its terms, each the words any one of which meets it.
/// A report matches when it meets at least one term; the more terms it meets, the higher it ranks (then
/// the newest filed first). Every store and the matcher count terms with `matched(in:)`.
public struct SearchText: Sendable, Equatable, Hashable {
    /// The text as typed, trimmed.
    public let text: String
    /// Each term's words: the stem, its shared colour word, and (after `expanded`) the reports' words
    /// one letter away from it.
    public private(set) var terms: [[String]]

    /// The most terms a search weighs; further words are ignored (a search is a few words, not a letter).
    public static let maximumTerms = 6
    /// The longest text read.
    public static let maximumLength = 200

    /// nil when the text has no word worth searching for (only blanks, punctuation or small words).
    public init?(_ text: String) {
        let trimmed = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.maximumLength))
        var seen = Set<[String]>()
        let terms = SearchWords.terms(trimmed).filter { term in
            guard let word = term.first, word.count > 1, !Self.stopWords.contains(word) else { return false }
            return seen.insert(term).inserted
        }
        guard !terms.isEmpty else { return nil }
        self.text = trimmed
        self.terms = Array(terms.prefix(Self.maximumTerms))
    }

    /// The words of a term that a typo may have bent: five letters or more, not a shared colour word.
    public var typoCandidates: [String] {
        terms.compactMap(\.first).filter { $0.count >= 5 && !SearchWords.sharedWords.contains($0) }
    }

    /// The terms with the reports' words (`vocabulary`: the known words with the same one-letter-deletion
    /// variants, `SearchWords.variants`) that lie one letter away from a term's word added to it, each
    /// with its shared colour word.
    public func expanded(with vocabulary: [String]) -> SearchText {
        var copy = self
        copy.terms = terms.map { term in
            guard let word = term.first, typoCandidates.contains(word) else { return term }
            var words = term
            for known in vocabulary where known != word && SearchWords.withinOneEdit(word, known) {
                for alternative in [known] + (SearchWords.synonyms[known].map { [$0] } ?? []) where !words.contains(alternative) {
                    words.append(alternative)
                }
            }
            return words
        }
        return copy
    }

    /// How many terms the words of a report (`SearchWords.document`) meet.
    public func matched(in words: Set<Substring>) -> Int {
        terms.filter { $0.contains { words.contains(Substring($0)) } }.count
    }

    /// Small words of both languages that say nothing about a pet.
    static let stopWords: Set<String> = Set(
        [
            "an", "the", "and", "or", "with", "of", "on", "in", "at", "to", "is", "was", "has", "have", "had", "very", "my", "our",
            "his", "her", "its", "it", "this", "that", "near", "from", "for", "by", "no", "not", "be", "are", "were", "he", "she",
            "we", "ze", "na", "do", "od", "po", "przy", "oraz", "jest", "ma", "bez", "pod", "nad", "sie", "ten", "ta", "bardzo",
            "moj", "moja", "nasz", "nasza", "jego", "jej", "lub", "albo", "ktory", "ktora", "przez", "dla",
        ].map(SearchWords.stem))
}

extension SearchWords {
    /// The words a report is found by, from its public text only: the pet's texts (name, breed,
    /// description: `PetText`), species and the name of its place — never the private details, e-mail or
    /// phone. Each word once.
    public static func document(of report: Announcement) -> [String] {
        let texts = PetText.allCases.map { report.pet[keyPath: $0.keyPath] } + [report.species, report.placeName]
        let text = texts.compactMap { $0 }.joined(separator: " ")
        var seen = Set<String>()
        return document(text).filter { seen.insert($0).inserted }
    }

    /// `word` and every string one deleted letter away from it: two words within one edit of each other
    /// share at least one of these (a replaced letter leaves the same deletion in both).
    public static func variants(_ word: String) -> Set<String> {
        let letters = Array(word)
        var result: Set<String> = [word]
        for index in letters.indices {
            var shorter = letters
            shorter.remove(at: index)
            result.insert(String(shorter))
        }
        return result
    }

    /// The words of a report worth remembering for typos: four letters or more (a typed word of five may
    /// stem to four, `husky` to `husk`), not a shared colour word.
    public static func typoVocabulary(_ words: [String]) -> [String] {
        words.filter { $0.count >= 4 && !sharedWords.contains($0) && $0.allSatisfy(\.isLetter) }
    }
}
