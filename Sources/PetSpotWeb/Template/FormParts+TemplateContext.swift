/// The template contexts of the parts pages share: form controls, error summaries, maps.
extension FormControl: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "name": .text(self.name)
        case "label": .text(label)
        case "value": .text(value)
        case "isInput": .flag(isInput)
        case "isTextarea": .flag(isTextarea)
        case "isSelect": .flag(isSelect)
        case "isRadios": .flag(isRadios)
        case "type": .text(type)
        case "inputmode": .text(inputmode)
        case "placeholder": .text(placeholder)
        case "maxlength": .number(maxlength)
        case "max": .text(max)
        case "autocomplete": .text(autocomplete)
        case "accept": .text(accept)
        case "microchip": .flag(microchip)
        case "today": .flag(today)
        case "required": .flag(required)
        case "hint": .text(hint)
        case "hintID": .text(hintID)
        case "error": .text(error)
        case "errorID": .text(errorID)
        case "describedBy": .text(describedBy)
        case "options": .objects(options)
        case "datalist": .text(datalist)
        default: nil
        }
    }
}

extension FormControl.Option: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "value": .text(value)
        case "label": .text(label)
        case "selected": .flag(selected)
        case "id": .text(id)
        default: nil
        }
    }
}

extension ErrorSummaryItem: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "href": .text(href)
        case "message": .text(message)
        default: nil
        }
    }
}

extension MapView: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "mode": .text(mode)
        case "latitude": .text(latitude)
        case "longitude": .text(longitude)
        case "radiusMeters": .text(radiusMeters)
        case "tiles": .text(tiles)
        case "attribution": .text(attribution)
        case "label": .text(label)
        case "markers": .text(markers)
        case "likelyRadius": .text(likelyRadius)
        case "zoomIn": .text(zoomIn)
        case "zoomOut": .text(zoomOut)
        case "searched": .text(searched)
        case "leafletCSS": .text(leafletCSS)
        case "leafletJS": .text(leafletJS)
        default: nil
        }
    }
}
