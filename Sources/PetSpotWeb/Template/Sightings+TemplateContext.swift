/// The template contexts of sightings: the form and the timeline's items.
extension SightingPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "leading": .objects(leading)
        case "coordinates": .objects(coordinates)
        case "trailing": .objects(trailing)
        case "map": map.map { .object($0) }
        case "frame": .object(frame)
        default: frame.value(named: name)
        }
    }
}

extension SightingItem: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "number": .text(String(number))
        case "time": .text(time)
        case "isoTime": .text(isoTime)
        case "area": .text(area)
        case "note": .text(note)
        case "warning": .text(warning)
        case "photoURL": .text(photoURL)
        case "flagHref": .text(flagHref)
        case "hidden": .flag(hidden)
        default: nil
        }
    }
}
