/// What a template can read from a model: text (shown HTML-escaped), a flag, a list, or a nested model.
/// Models answer by name (`TemplateContext`), so rendering needs neither reflection nor dynamic casts.
public enum TemplateValue {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object(any TemplateContext)

    /// An optional text: absent when nil.
    static func text(_ value: String?) -> TemplateValue? { value.map(TemplateValue.text) }
    static func number(_ value: Int?) -> TemplateValue? { value.map { .text(String($0)) } }
    static func objects(_ items: [some TemplateContext]) -> TemplateValue { .list(items.map { .object($0) }) }
    static func texts(_ items: [String]) -> TemplateValue { .list(items.map(TemplateValue.text)) }
}

/// A link a page offers: its words, where it leads and, in a menu, its `aria-current`
/// (`{{label}}`, `{{href}}`, `{{current}}`).
public struct PageLink: Sendable, TemplateContext {
    public let label: String
    public let href: String
    public var current: String? = nil

    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "label": .text(label)
        case "href": .text(href)
        case "current": .text(current)
        default: nil
        }
    }
}

/// A model the templates read: the value of each name it knows, nil for the rest (a name it does not
/// know is looked up in the enclosing models, as Mustache does).
public protocol TemplateContext {
    func value(named name: String) -> TemplateValue?
}

/// A page with a form about one report: its title, the report's card, where the form posts and its
/// CSRF token. Its context answers those four names through `reportFormValue(named:)`.
protocol ReportFormPage: TemplateContext {
    var title: String { get }
    var card: ReportCard { get }
    var formAction: String { get }
    var csrf: String { get }
}

extension ReportFormPage {
    func reportFormValue(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "card": .object(card)
        case "formAction": .text(formAction)
        case "csrf": .text(csrf)
        default: nil
        }
    }
}
