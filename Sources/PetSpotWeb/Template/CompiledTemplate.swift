/// A Mustache template parsed once into nodes: text, `{{name}}` (escaped), `{{{name}}}` / `{{&name}}`
/// (as is), sections `{{#name}}…{{/name}}` and `{{^name}}…{{/name}}`, partials `{{> name}}` and
/// comments `{{! …}}`. Dotted names (`a.b`) and `{{.}}` work as in Mustache. A section, partial or
/// comment tag alone on its line takes the line with it, as the Mustache spec says.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case value([String], escaped: Bool)
        case section([String], inverted: Bool, [Node])
        case partial(String)
    }

    enum ParseError: Error, Equatable {
        case unclosedTag(String)
        case unbalancedSection(String)
    }

    let nodes: [Node]

    init(_ source: String) throws {
        var tokens = try Self.tokens(source)[...]
        nodes = try Self.nodes(&tokens, closing: nil)
    }

    private enum Token {
        case text(String)
        case tag(kind: Character?, name: String)
    }

    /// Splits the source into text and tags, dropping the lines that standalone tags stand on.
    private static func tokens(_ source: String) throws -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(source)
        // True when what comes next starts a line: at the start, and after a newline or a dropped line.
        var atLineStart = true
        while let open = rest.range(of: "{{") {
            var text = String(rest[..<open.lowerBound])
            let triple = rest[open.upperBound...].hasPrefix("{")
            let start = triple ? rest.index(after: open.upperBound) : open.upperBound
            guard let close = rest[start...].range(of: triple ? "}}}" : "}}") else {
                throw ParseError.unclosedTag(String(rest[open.lowerBound...].prefix(40)))
            }
            var name = rest[start..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            var kind: Character? = triple ? "&" : nil
            if !triple, let first = name.first, "#^/>&!".contains(first) {
                kind = first
                name = String(name.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            rest = rest[close.upperBound...]
            let standalone = kind.map { "#^/>!".contains($0) } == true && dropStandaloneLine(&text, &rest, atLineStart: atLineStart)
            if !text.isEmpty { tokens.append(.text(text)) }
            if kind != "!" { tokens.append(.tag(kind: kind, name: name)) }
            atLineStart = standalone
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    /// When the tag between `text` and `rest` has only blanks around it on its line, removes those blanks
    /// and the line's end, and answers true. `atLineStart`: `text` begins a line.
    private static func dropStandaloneLine(_ text: inout String, _ rest: inout Substring, atLineStart: Bool) -> Bool {
        let newline = text.lastIndex(of: "\n")
        let lineStart = newline.map { text.index(after: $0) } ?? text.startIndex
        let blanks = rest.prefix { $0 == " " || $0 == "\t" }
        let after = rest[blanks.endIndex...]
        guard newline != nil || atLineStart, text[lineStart...].allSatisfy({ $0 == " " || $0 == "\t" }),
            after.isEmpty || after.first == "\n"
        else { return false }
        text.removeSubrange(lineStart...)
        rest = after.isEmpty ? after : after.dropFirst()
        return true
    }

    private static func nodes(_ tokens: inout ArraySlice<Token>, closing: String?) throws -> [Node] {
        var nodes: [Node] = []
        while let token = tokens.popFirst() {
            switch token {
            case .text(let text): nodes.append(.text(text))
            case .tag(let kind, let name):
                switch kind {
                case "#", "^": nodes.append(.section(path(name), inverted: kind == "^", try Self.nodes(&tokens, closing: name)))
                case "/":
                    guard name == closing else { throw ParseError.unbalancedSection(name) }
                    return nodes
                case ">": nodes.append(.partial(name))
                default: nodes.append(.value(path(name), escaped: kind == nil))
                }
            }
        }
        if let closing { throw ParseError.unbalancedSection(closing) }
        return nodes
    }

    private static func path(_ name: String) -> [String] {
        name == "." ? ["."] : name.split(separator: ".").map(String.init)
    }
}
