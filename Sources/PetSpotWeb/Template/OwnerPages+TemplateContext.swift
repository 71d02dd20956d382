import PetSpotRoutes

/// The template contexts of the owner's pages: manage, confirm, edit, the code screen.
extension ManagePage: ReportFormPage {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "detailsHref": .text(detailsHref)
        case "sendLinkAction": .text(sendLinkAction)
        case "actions": .object(actions)
        case "code": .object(code)
        case "errors": .objects(errors)
        case "hasErrors": .flag(hasErrors)
        case "grant": .text(grant)
        case "isOwner": .flag(isOwner)
        case "canReunite": .flag(canReunite)
        case "canReopen": .flag(canReopen)
        case "privateFacts": .objects(privateFacts)
        case "hasPrivateFacts": .flag(hasPrivateFacts)
        case "matches": .objects(matches)
        case "showsMatches": .flag(showsMatches)
        case "hasMatches": .flag(hasMatches)
        case "noMatchesNote": .text(noMatchesNote)
        case "confirmation": confirmation.map { .object($0) }
        case "sightings": .objects(sightings)
        case "hasSightings": .flag(!sightings.isEmpty)
        case "isStale": .flag(isStale)
        case "myReportsHref": .text(WebRoute.myReports.path)
        case "needsEmail": .flag(needsEmail)
        case "moderationNotice": .text(moderationNotice)
        case "messages": .objects(messages)
        case "hasMessages": .flag(!messages.isEmpty)
        case "emailControl": .object(emailControl)
        case "plan": plan.map { .object($0) }
        case "planSaved": .flag(planSaved)
        case "planDone": .flag(planDone)
        case "searched": searched.map { .object($0) }
        case "searchedNotice": .text(searchedNotice)
        case "notice": .text(notice)
        default: reportFormValue(named: name)
        }
    }
}

extension SearchPlanView: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "area": .text(area)
        case "basis": .text(basis)
        case "steps": .objects(steps)
        case "questions": .objects(questions)
        case "places": .objects(places)
        case "hasPlaces": .flag(!places.isEmpty)
        case "placesTitle": .text(placesTitle)
        case "days": .text(String(days))
        default: nil
        }
    }
}

extension SearchPlanView.Step: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "text": .text(text)
        case "done": .flag(done)
        default: nil
        }
    }
}

extension SearchPlanView.Place: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "kind": .text(kind)
        case "name": .text(self.name)
        case "address": .text(address)
        case "phone": phone.map { .text($0) }
        case "hours": hours.map { .text($0) }
        case "distance": .text(distance)
        default: nil
        }
    }
}

extension ManagePage.Confirmation: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "body": .text(body)
        case "button": .text(button)
        case "action": .text(action)
        case "actionPath": .text(actionPath)
        case "danger": .flag(danger)
        default: nil
        }
    }
}

extension EditPage: ReportFormPage {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "photoAction": .text(photoAction)
        case "saveAction": .text(saveAction)
        case "languageFormAction": .text(languageFormAction)
        case "grant": .text(grant)
        case "fields": .objects(fields)
        case "photo": .object(photo)
        case "errors": .objects(errors)
        case "hasErrors": .flag(hasErrors)
        default: reportFormValue(named: name)
        }
    }
}

extension CreatedPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "paragraphs": .texts(paragraphs)
        case "code": .text(code)
        case "flyerHref": .text(flyerHref)
        case "advice": .texts(advice)
        case "reportHref": .text(reportHref)
        case "manageHref": .text(manageHref)
        case "finishAction": .text(finishAction)
        case "csrf": .text(csrf)
        case "lookAlikes": .objects(lookAlikes)
        case "lookAlikesHint": .text(lookAlikesHint)
        case "hasLookAlikes": .flag(!lookAlikes.isEmpty)
        case "chipLookup": chipLookup.map { .object($0) }
        case "notice": .text(notice)
        default: nil
        }
    }
}

/// The routes of one report's owner actions, by the action's name (`reuniteConfirmed`).
public struct OwnerActionLinks: TemplateContext, Sendable {
    let id: String

    init(_ id: String) { self.id = id }

    public func value(named name: String) -> TemplateValue? {
        OwnerAction.allCases.first { "\($0)" == name }.map { .text(WebRoute.ownerAction(id: id, $0).path) }
    }
}
