import Foundation
import PetSpotDomain
import PetSpotRoutes

/// "My reports" as `PlainPage`s: asking for the link, opening it, the address's page and a
/// replaced code.
public enum MyReportsPages {
    public static func request(email: String = "", error: String? = nil, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.myReportsTitle], csrf: csrf, strings: t, signedIn: false)
        if let error { page.errors = [ErrorSummaryItem(href: "#field-email", message: error)] }
        var field = FormControl(.input, name: "email", label: t[.myReportsEmail], value: email)
        field.type = "email"
        field.autocomplete = "email"
        field.maxlength = ContactRules.emailLimit
        var section = ConsoleSection()
        section.paragraphs = [t[.myReportsIntro]]
        section.forms = [
            ConsoleForm(
                action: WebRoute.myReports.path, controls: [field.described(error: error)],
                buttons: [ConsoleButton(t[.myReportsSend])])
        ]
        page.sections = [section]
        return page
    }

    /// The link's page: a button, since mail scanners open links and the link works once.
    public static func open(action: String, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.myReportsOpenTitle], csrf: csrf, strings: t, signedIn: false)
        var section = ConsoleSection()
        section.paragraphs = [t[.myReportsOpenBody]]
        section.forms = [ConsoleForm(action: action, buttons: [ConsoleButton(t[.myReportsOpenButton])])]
        page.sections = [section]
        return page
    }

    /// Everything `email` has: each report with the owner's actions (carrying `grant(report)`, as a right
    /// code earns), the watched sightings, the alert subscriptions.
    public static func list(
        email: String, reports: [Announcement], filedAsFound: Set<AnnouncementID> = [], watches: [(SightingWatch, Announcement?)],
        subscriptions: [(AlertSubscription, AlertLinks)], grant: (AnnouncementID) -> String, notice: String? = nil,
        csrf: String, strings t: Strings
    ) -> PlainPage {
        var page = PlainPage(title: t[.myReportsListTitle], csrf: csrf, strings: t, signedIn: false)
        page.notice = notice
        var intro = ConsoleSection()
        intro.paragraphs = [t[.myReportsListIntro].replacingOccurrences(of: "{email}", with: email)] + (reports.isEmpty ? [t[.myReportsNone]] : [])
        page.sections = [intro] + reports.map { report(of: $0, found: filedAsFound.contains($0.id), grant: grant($0.id), t) }
        if !watches.isEmpty {
            var section = ConsoleSection(heading: t[.myReportsWatchesTitle])
            section.forms = watches.map { watch, report in
                let name = report.map { ReportText.species($0.species, t) + ($0.petName.map { " – \($0)" } ?? "") } ?? ""
                return ConsoleForm(
                    action: WebRoute.myReportsWatch(id: watch.sightingID).path,
                    buttons: [ConsoleButton("\(t[.myReportsWatchStop]): \(t[.myReportsSeen]) \(name), \(SightingText.time(watch.seenAt, strings: t))")])
            }
            page.sections.append(section)
        }
        if !subscriptions.isEmpty {
            var section = ConsoleSection(heading: t[.myReportsAlertsTitle])
            section.links = subscriptions.flatMap { subscription, links in
                let place = subscription.placeName ?? ReportText.coordinates(subscription.center, t)
                return [
                    ConsoleLink(label: "\(t[.myReportsAlertManage]): \(place), \(Int(subscription.radiusKm)) km", href: links.manage),
                    ConsoleLink(label: "\(t[.myReportsAlertUnsubscribe]): \(place)", href: links.unsubscribe),
                ]
            }
            page.sections.append(section)
        }
        // The session ends with the browser, or here: a shared computer's next user does not find the list.
        var close = ConsoleSection()
        close.forms = [ConsoleForm(action: WebRoute.myReportsSignOut.path, buttons: [ConsoleButton(t[.myReportsSignOut])])]
        page.sections.append(close)
        return page
    }

    private static func report(of report: Announcement, found: Bool, grant: String, _ t: Strings) -> ConsoleSection {
        let card = ReportCard(report, strings: t)
        var section = ConsoleSection(heading: card.species + (report.petName.map { " – \($0)" } ?? ""))
        section.facts = [
            ConsoleFact(t[.myReportsStatus], card.status),
            ConsoleFact(t[found ? .detailsDateFound : .detailsDate], ReportText.day(report.lastSeenDate, t)),
        ]
        section.links = [
            ConsoleLink(label: t[.viewReport], href: WebRoute.details(id: report.id.rawValue).path),
            ConsoleLink(label: t[.flyerLink], href: WebRoute.flyer(id: report.id.rawValue).path),
        ]
        let id = report.id.rawValue, owner = [ConsoleFact("grant", grant)]
        section.forms = [ConsoleForm(action: WebRoute.manage(id: id).path, buttons: [ConsoleButton(t[.myReportsManage])], hidden: owner)]
        if report.status != .closed {
            section.forms.append(
                ConsoleForm(
                    action: WebRoute.ownerAction(id: id, .reunite).path, buttons: [ConsoleButton(t[.myReportsReunite])],
                    hidden: owner))
        }
        section.forms.append(ConsoleForm(action: WebRoute.myReportsCode(id: id).path, buttons: [ConsoleButton(t[.myReportsNewCode])]))
        return section
    }

    public static func codeReplaced(_ report: Announcement, code: String, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.myReportsCodeTitle], csrf: csrf, strings: t, signedIn: false)
        var section = ConsoleSection()
        section.paragraphs = [t[.myReportsCodeBody]]
        section.facts = [ConsoleFact(ReportText.species(report.species, t) + (report.petName.map { " – \($0)" } ?? ""), code)]
        section.links = [ConsoleLink(label: t[.myReportsListTitle], href: WebRoute.myReportsList.path)]
        page.sections = [section]
        return page
    }
}
