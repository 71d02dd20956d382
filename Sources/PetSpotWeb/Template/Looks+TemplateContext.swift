import PetSpotRoutes

extension PhotoSearchPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "isOn": .flag(isOn)
        case "action": .text(action)
        case "lostPetsHref": .text(lostPetsHref)
        case "place": .text(place)
        case "radius": .text(radius)
        case "missingChecked": .flag(missingChecked)
        case "errors": .texts(errors)
        case "hasErrors": .flag(hasErrors)
        case "searched": .flag(searched)
        case "cards": .objects(cards)
        case "isEmpty": .flag(isEmpty)
        default: nil
        }
    }
}
