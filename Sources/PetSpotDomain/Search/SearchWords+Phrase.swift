extension SearchWords {
    /// A two-word colour: `first`, one of `joins`, then `second` (with the rest of its word when `ending`:
    /// a Polish compound's inflexion). Each occurrence in folded text is followed by `shared`.
    struct Phrase: Sendable {
        let first: String
        let joins: [String]
        let second: String
        let shared: String
        let ending: Bool

        /// `text` with `shared` after every occurrence, each set apart by spaces.
        func marked(in text: String) -> String {
            var result = "", rest = text[...]
            while let start = rest.range(of: first) {
                guard let end = match(rest[start.upperBound...]) else {
                    result += rest[..<start.upperBound]
                    rest = rest[start.upperBound...]
                    continue
                }
                result += "\(rest[..<start.lowerBound]) \(rest[start.lowerBound..<end]) \(shared) "
                rest = rest[end...]
            }
            return result + rest
        }

        /// Where the phrase that began just before `text` ends, or nil when it does not go on as this one.
        private func match(_ text: Substring) -> String.Index? {
            for join in joins where text.hasPrefix(join + second) {
                var end = text.index(text.startIndex, offsetBy: join.count + second.count)
                while ending, end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" {
                    end = text.index(after: end)
                }
                return end
            }
            return nil
        }
    }
}
