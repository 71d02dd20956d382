// How PetSpot measures the standard types: a duration in milliseconds, a text as its limits count it
// and the characters no one types.

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

extension Unicode.Scalar {
    /// A character no one types: a C0 or C1 control or DEL (a terminal's escape sequence, a bell, a NUL),
    /// except tab and the line breaks where `lines` allows them, or a direction override, embedding or
    /// isolate, which reorders the text after it without showing (a species `Ca\u{202E}t` turns a card's
    /// `Cat · Lab` into `Ca‮t · Lab`); the Unicode algorithm orders right-to-left words without them.
    public func isControl(allowingLines lines: Bool) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: !lines
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension StringProtocol {
    public func hasControlCharacters(allowingLines lines: Bool) -> Bool {
        unicodeScalars.contains { $0.isControl(allowingLines: lines) }
    }

    /// The text with each control character replaced, one character for one, so every length and count the
    /// API's contract states holds as sent: a white-space control (tab, line breaks, form feed, NEL) stays
    /// where `lines` allows it (form feed, vertical tab and NEL as a line feed) and is a space where not;
    /// any other (an escape, a bell, a NUL, a direction override) is U+FFFD, the replacement character. What the API reads; a
    /// web form drops them (`withoutControlCharacters`).
    public func replacingControlCharacters(allowingLines lines: Bool) -> String {
        // Form feed, vertical tab and NEL are controls either way, so this finds every scalar the loop changes.
        guard hasControlCharacters(allowingLines: lines) else { return String(self) }
        var kept = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: kept.append(lines ? scalar : " ")
            case 0x0B, 0x0C, 0x85: kept.append(lines ? "\n" : " ")
            default: kept.append(scalar.isControl(allowingLines: lines) ? "\u{FFFD}" : scalar)
            }
        }
        return String(kept)
    }

    /// The text without control characters; where lines are allowed, a CR LF or a lone CR is a LF (a
    /// browser sends a text area's line breaks as CR LF).
    public func withoutControlCharacters(allowingLines lines: Bool) -> String {
        guard unicodeScalars.contains(where: { $0.value == 0x0D || $0.isControl(allowingLines: lines) }) else { return String(self) }
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in unicodeScalars {
            defer { previous = scalar }
            if lines, scalar.value == 0x0A, previous?.value == 0x0D { continue }
            if lines, scalar.value == 0x0D {
                kept.append("\n")
            } else if !scalar.isControl(allowingLines: lines) {
                kept.append(scalar)
            }
        }
        return String(kept)
    }
}
