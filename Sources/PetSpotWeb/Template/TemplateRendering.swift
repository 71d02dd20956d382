import PetSpotDomain

/// Renders compiled templates against `TemplateContext` models with Mustache's rules: a name is looked
/// up from the innermost model outwards; a section renders for each item of a list, once for a true
/// flag or any other present value (which becomes the innermost model), and not at all for an absent
/// value, a false flag or an empty list; an inverted section renders exactly when a section would not.
struct TemplateRendering {
    let templates: [String: CompiledTemplate]
    var output = ""
    private var stack: [TemplateValue] = []

    init(templates: [String: CompiledTemplate]) {
        self.templates = templates
        output.reserveCapacity(16_384)
    }

    mutating func render(_ name: String, with model: TemplateValue) {
        stack.append(model)
        render(templates[name]?.nodes ?? [])
        stack.removeLast()
    }

    private mutating func render(_ nodes: [CompiledTemplate.Node]) {
        for node in nodes {
            switch node {
            case .text(let text): output += text
            case .value(let path, let escaped):
                guard case .text(let text)? = lookup(path) else { continue }
                if escaped { Self.appendEscaped(text, to: &output) } else { output += text }
            case .section(let path, let inverted, let children):
                section(lookup(path), inverted: inverted, children)
            case .partial(let name):
                render(templates[name]?.nodes ?? [])
            }
        }
    }

    private mutating func section(_ value: TemplateValue?, inverted: Bool, _ children: [CompiledTemplate.Node]) {
        switch value {
        case .list(let items)?:
            guard !inverted else {
                if items.isEmpty { render(children) }
                return
            }
            for item in items {
                stack.append(item)
                render(children)
                stack.removeLast()
            }
        case .flag(let on)?:
            if on != inverted { render(children) }
        case let present?:
            guard !inverted else { return }
            stack.append(present)
            render(children)
            stack.removeLast()
        case nil:
            if inverted { render(children) }
        }
    }

    private func lookup(_ path: [String]) -> TemplateValue? {
        guard let first = path.first else { return nil }
        if first == "." { return stack.last }
        var found: TemplateValue?
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let object) = stack[level], let value = object.value(named: first) {
                found = value
                break
            }
            level -= 1
        }
        for name in path.dropFirst() {
            guard case .object(let object)? = found else { return nil }
            found = object.value(named: name)
        }
        return found
    }

    /// Mustache's HTML escaping (`< > & " '`).
    static func appendEscaped(_ text: String, to output: inout String) { HTMLText.append(escaping: text, to: &output) }
}
