import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The e-mails of nearby alerts, in the subscriber's language: the confirmation (the only one
/// sent before it is confirmed), an alert about one report, and the day's digest. Alerts carry what the
/// public pages show, never the reporter's contact details, and every one can be stopped in one click.
extension ReportMail {
    public static func alertConfirmation(_ subscription: AlertSubscription, links: AlertLinks) -> MailContent {
        let t = Strings(Language(rawValue: subscription.language) ?? .en)
        let body = MailBody(
            paragraphs: [t[.mailAlertConfirmBody].replacingOccurrences(of: "{area}", with: area(subscription, t))],
            highlight: nil, after: [t[.mailAlertConfirmIgnore]], facts: [],
            links: [(t[.mailAlertConfirmLink], links.confirm)], footer: nil, toReporter: false)
        return body.mail(to: subscription.email, subject: t[.mailAlertConfirmSubject], strings: t)
    }

    /// The word to a confirmed subscription's address that it now covers another area, with links to change
    /// or stop it: the token that changes it is the one the subscribing answer gave, which may have been
    /// someone else's.
    public static func alertChanged(_ subscription: AlertSubscription, links: AlertLinks) -> MailContent {
        let t = Strings(Language(rawValue: subscription.language) ?? .en)
        let body = MailBody(
            paragraphs: [t[.mailAlertChangedBody].replacingOccurrences(of: "{area}", with: area(subscription, t))],
            highlight: nil, after: [], facts: [],
            links: [(t[.mailAlertManage], links.manage), (t[.mailAlertUnsubscribe], links.unsubscribe)], footer: nil, toReporter: false)
        var mail = body.mail(to: subscription.email, subject: t[.mailAlertChangedSubject], strings: t)
        mail.listUnsubscribe = links.unsubscribe
        return mail
    }

    /// One report near the subscription: what, where, how far, the photo and a link.
    public static func alert(
        _ report: Announcement, place: PlaceLabel?, for subscription: AlertSubscription, links: AlertLinks,
        baseURL: String
    ) -> MailContent {
        let t = Strings(Language(rawValue: subscription.language) ?? .en)
        let facts = alertFacts(report, place: place, subscription: subscription, t: t, baseURL: baseURL)
        let headline = headline(report, t)
        let body = MailBody(
            paragraphs: [t[.mailAlertIntro].replacingOccurrences(of: "{area}", with: area(subscription, t))],
            highlight: nil, after: [], facts: facts, factsTitle: headline,
            links: [
                (t[.mailAlertSee], baseURL + WebRoute.details(id: report.id.rawValue).path),
                (t[.mailAlertManage], links.manage), (t[.mailAlertUnsubscribe], links.unsubscribe),
            ],
            footer: t[.mailAlertWhy], toReporter: false)
        var mail = body.mail(to: subscription.email, subject: headline + (place.map { " – " + ReportText.place($0, t) } ?? ""), strings: t)
        mail.listUnsubscribe = links.unsubscribe
        return mail
    }

    /// The day's reports near the subscription, in one e-mail.
    public static func alertDigest(
        _ reports: [(Announcement, PlaceLabel?)], for subscription: AlertSubscription, links: AlertLinks,
        baseURL: String
    ) -> MailContent? {
        guard !reports.isEmpty else { return nil }
        let t = Strings(Language(rawValue: subscription.language) ?? .en)
        let facts = reports.flatMap { report, place in
            [(headline(report, t), baseURL + WebRoute.details(id: report.id.rawValue).path)]
                + alertFacts(report, place: place, subscription: subscription, t: t, baseURL: baseURL).map { ("  " + $0.label, $0.value) }
        }
        let intro = t[.mailDigestIntro].filling("{reports}", with: t.counted(.newReports, reports.count))
            .replacingOccurrences(of: "{area}", with: area(subscription, t))
        let body = MailBody(
            paragraphs: [intro], highlight: nil, after: [], facts: facts,
            links: [(t[.mailAlertManage], links.manage), (t[.mailAlertUnsubscribe], links.unsubscribe)],
            footer: t[.mailAlertWhy], toReporter: false)
        var mail = body.mail(
            to: subscription.email, subject: t.counted(.newReportsSubject, reports.count),
            strings: t)
        mail.listUnsubscribe = links.unsubscribe
        return mail
    }

    /// "MISSING DOG": PetSpot's words only; the pet's name and a species the apps do not offer, which the
    /// reporter typed, are labelled facts.
    static func headline(_ report: Announcement, _ t: Strings) -> String {
        t.text(report.status == .found ? "shareFound" : "shareMissing")
            .replacingOccurrences(of: "{species}", with: ReportText.speciesWord(report.species, t).uppercased())
    }

    static func area(_ subscription: AlertSubscription, _ t: Strings) -> String {
        t[.mailAlertArea].replacingOccurrences(of: "{km}", with: ReportText.kilometres(subscription.radiusKm, t))
            .replacingOccurrences(of: "{place}", with: subscription.placeName ?? ReportText.coordinates(subscription.center, t))
    }

    static func alertFacts(
        _ report: Announcement, place: PlaceLabel?, subscription: AlertSubscription, t: Strings,
        baseURL: String
    ) -> [(label: String, value: String)] {
        var facts: [(String, String)] = petNameFact(report, t)
        if !ReportText.isKnownSpecies(report.species) { facts.append((t[.speciesLabel], report.species)) }
        facts.append((t.text(report.status == .found ? "detailsDateFound" : "detailsDate"), ReportText.day(report.lastSeenDate, t)))
        if let place { facts.append((t[.detailsArea], ReportText.place(place, t))) }
        let km = ReportText.oneDecimal(PublicArea.distanceKm(from: subscription.center, toReportAt: report.location), t)
        facts.append((t[.mailAlertDistance], t[.mailAlertKm].replacingOccurrences(of: "{km}", with: km)))
        if let breed = report.breed { facts.append((t[.mailBreed], breed)) }
        if let description = report.description { facts.append((t[.mailDescription], description)) }
        if let photo = report.photoURL { facts.append((t[.mailAlertPhoto], (photo.hasPrefix("/") ? baseURL + photo : photo) + "?w=800")) }
        return facts
    }
}
