// How PetSpot measures the standard types: a duration in milliseconds, a text as its limits count it.

extension Duration {
    /// The duration in milliseconds: for logs, progress and benchmarks.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

extension StringProtocol {
    /// A text's length as every limit counts it: in Unicode code points of the text as sent, as
    /// openapi.json's `maxLength` (JSON Schema) counts it. `count` would count a letter and the accent or
    /// skin-tone modifier after it as one, so a text the contract refuses could be stored.
    public var limitLength: Int { unicodeScalars.count }

    /// The longest start of the text, in whole characters, that is at most `limit` long as `limitLength`
    /// counts: what a field that stops the typing at its limit keeps, so the server never refuses it.
    public func limited(to limit: Int) -> String {
        guard limitLength > limit else { return String(self) }
        var end = startIndex, used = 0
        while end < endIndex {
            let next = index(after: end)
            used += self[end..<next].unicodeScalars.count
            if used > limit { break }
            end = next
        }
        return String(self[..<end])
    }
}
