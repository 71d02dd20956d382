/// The template contexts of the console's page and its parts.
extension PlainPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "nav": .objects(nav)
        case "hasNav": .flag(!nav.isEmpty)
        case "signOutAction": .text(signOutAction)
        case "csrf": .text(csrf)
        case "notice": .text(notice)
        case "errors": .objects(errors)
        case "hasErrors": .flag(!errors.isEmpty)
        case "sections": .objects(sections)
        default: nil
        }
    }
}

extension ConsoleLink: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "label": .text(label)
        case "href": .text(href)
        case "current": .flag(current)
        default: nil
        }
    }
}

extension ConsoleSection: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "heading": .text(heading)
        case "paragraphs": .texts(paragraphs)
        case "facts": .objects(facts)
        case "hasFacts": .flag(!facts.isEmpty)
        case "links": .objects(links)
        case "table": table.map { .object($0) }
        case "forms": .objects(forms)
        case "trustedMarkup": .text(trustedMarkup)
        case "images": .objects(images)
        default: nil
        }
    }
}

extension ConsoleFact: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "label": .text(label)
        case "value": .text(value)
        default: nil
        }
    }
}

extension ConsoleTable: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "caption": .text(caption)
        case "headers": .texts(headers)
        case "rows": .list(rows.map { .objects($0) })
        default: nil
        }
    }
}

extension ConsoleCell: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "text": .text(text)
        case "href": .text(href)
        default: nil
        }
    }
}

extension ConsoleForm: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "action": .text(action)
        case "method": .text(method)
        case "isPost": .flag(isPost)
        case "controls": .objects(controls)
        case "buttons": .objects(buttons)
        case "hidden": .objects(hidden)
        default: nil
        }
    }
}

extension ConsoleButton: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "label": .text(label)
        case "name": .text(self.name)
        case "value": .text(value)
        case "danger": .flag(danger)
        default: nil
        }
    }
}
