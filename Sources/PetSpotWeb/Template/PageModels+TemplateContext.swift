import PetSpotRoutes
// Each model names its values itself (`TemplateContext`); an unlisted name reads as absent (`MustacheParentTests` checks).

extension HomePage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "reports": .objects(reports)
        case "hasReports": .flag(hasReports)
        case "lostPetsHref": .text(lostPetsHref)
        case "missingHref": .text(missingHref)
        case "foundHref": .text(foundHref)
        case "alertsHref": .text(alertsHref)
        case "myReportsHref": .text(WebRoute.myReports.path)
        case "photoSearchHref": .text(photoSearchHref)
        case "photoSearchOn": .flag(photoSearchOn)
        default: nil
        }
    }
}

extension ListPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "cards": .objects(cards)
        case "isEmpty": .flag(isEmpty)
        case "alertsHref": .text(alertsHref)
        case "filterAction": .text(filterAction)
        case "controls": .objects(controls)
        case "errors": .objects(errors)
        case "hasErrors": .flag(hasErrors)
        case "nextHref": .text(nextHref)
        case "firstHref": .text(firstHref)
        case "clearHref": .text(clearHref)
        case "hasPager": .flag(hasPager)
        case "coordinateControls": .objects(coordinateControls)
        case "nearText": .text(nearText)
        case "alternatives": .objects(alternatives)
        case "hasAlternatives": .flag(hasAlternatives)
        case "attribution": .text(attribution)
        case "emptyMessage": .text(emptyMessage)
        case "summary": .text(summary)
        default: nil
        }
    }
}

extension ReportCard: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "href": .text(href)
        case "photoURL": .text(photoURL)
        case "thumbnailURL": .text(thumbnailURL)
        case "thumbnailSrcset": .text(thumbnailSrcset)
        case "petName": .text(petName)
        case "species": .text(species)
        case "breed": .text(breed)
        case "status": .text(status)
        case "statusClass": .text(statusClass)
        case "date": .text(date)
        case "coordinates": .text(coordinates)
        case "placeText": .text(placeText)
        case "distanceText": .text(distanceText)
        case "note": .text(note)
        default: nil
        }
    }
}

extension DetailsPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "card": .object(card)
        case "rows": .objects(rows)
        case "reward": .text(reward)
        case "phone": .text(phone)
        case "email": .text(email)
        case "phoneHref": .text(phoneHref)
        case "emailHref": .text(emailHref)
        case "mapHref": .text(mapHref)
        case "manageHref": .text(manageHref)
        case "isClosed": .flag(isClosed)
        case "flyerHref": .text(flyerHref)
        case "flagHref": .text(flagHref)
        case "share": share.map { .object($0) }
        case "metaTags": .objects(metaTags)
        case "relayHref": .text(relayHref)
        case "relayLabel": .text(relayLabel)
        case "relayNote": .text(relayNote)
        case "map": map.map { .object($0) }
        case "notice": .text(notice)
        case "contactHeading": .text(contactHeading)
        case "sightings": .objects(sightings)
        case "hasSightings": .flag(!sightings.isEmpty)
        case "showsSightings": .flag(showsSightings)
        case "sightingHref": .text(sightingHref)
        case "whereToLook": whereToLook.map { .object($0) }
        default: nil
        }
    }
}

extension DetailsPage.Row: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "label": .text(label)
        case "value": .text(value)
        default: nil
        }
    }
}

extension StepPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "progress": .text(progress)
        case "heading": .text(heading)
        case "intro": .texts(intro)
        case "formAction": .text(formAction)
        case "backAction": .text(backAction)
        case "multipart": .flag(multipart)
        case "csrf": .text(csrf)
        case "controls": .objects(controls)
        case "coordinates": .objects(coordinates)
        case "trailingControls": .objects(trailingControls)
        case "hasCoordinates": .flag(hasCoordinates)
        case "photo": photo.map { .object($0) }
        case "errors": .objects(errors)
        case "hasErrors": .flag(hasErrors)
        case "map": map.map { .object($0) }
        case "knownReportHref": knownReportHref.map { .text($0) }
        case "generalError": .text(generalError)
        case "showBack": .flag(showBack)
        case "cancelAction": .text(cancelAction)
        case "removePhotoAction": .text(removePhotoAction)
        default: nil
        }
    }
}

extension StepPage.PhotoPreview: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "size": .text(size)
        case "src": .text(src)
        default: nil
        }
    }
}

extension MessagePage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "body": .text(body)
        case "homeHref": .text(homeHref)
        case "reportHref": reportHref.map { .text($0) }
        default: nil
        }
    }
}
