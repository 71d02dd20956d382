/// The template contexts of the pages that get the word out (flyer, share block, preview tags).
extension FlyerPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "headline": .text(headline)
        case "name": .text(self.name)
        case "photoURL": .text(photoURL)
        case "facts": .objects(facts)
        case "reward": .text(reward)
        case "phone": .text(phone)
        case "callLabel": .text(callLabel)
        case "qrSVG": .text(qrSVG)
        case "shortLink": .text(shortLink)
        case "strips": .texts(strips)
        case "detailsHref": .text(detailsHref)
        case "isClosed": .flag(isClosed)
        case "messageNote": .text(messageNote)
        default: nil
        }
    }
}

extension MetaTag: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "attribute": .text(attribute)
        case "name": .text(self.name)
        case "content": .text(content)
        default: nil
        }
    }
}

extension ShareBlock: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "url": .text(url)
        case "text": .text(text)
        case "flyerHref": .text(flyerHref)
        case "title": .text(title)
        default: nil
        }
    }
}

extension RelayPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "controls": .objects(controls)
        case "frame": .object(frame)
        default: frame.value(named: name)
        }
    }
}

/// The frame's values are read as the page's own (`{{formAction}}`, `{{#errors}}`).
extension QueuedFormFrame: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "card": .object(card)
        case "formAction": .text(formAction)
        case "sendAction": .text(sendAction)
        case "csrf": .text(csrf)
        case "errors": .objects(errors)
        case "hasErrors": .flag(!errors.isEmpty)
        case "advice": .texts(advice)
        default: nil
        }
    }
}
