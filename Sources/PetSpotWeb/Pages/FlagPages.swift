import PetSpotDomain
import PetSpotRoutes

/// The public's moderation pages: "Report a problem" with a report or a sighting, and the
/// owner's "this message is a scam", as `PlainPage`s.
public enum FlagPages {
    /// The flag form for `report`, or for one of its sightings.
    public static func form(
        _ report: Announcement, sighting: String? = nil, values: [String: String] = [:], errors fieldErrors: [FieldError] = [],
        csrf: String, strings t: Strings
    ) -> PlainPage {
        var page = PlainPage(title: t[sighting == nil ? .flagTitle : .flagSightingTitle], csrf: csrf, strings: t, signedIn: false)
        page.errors = fieldErrors.map { ErrorSummaryItem($0, strings: t) }
        func error(_ field: String) -> String? { fieldErrors.first { $0.field == field }.map { t.text($0.messageKey) } }
        let reasons: [(FlagReason, TextKey)] = [
            (.scam, .flagReasonScam), (.offensive, .flagReasonOffensive), (.spam, .flagReasonSpam),
            (.duplicate, .flagReasonDuplicate), (.petHome, .flagReasonPetHome), (.other, .flagReasonOther),
        ]
        let reason = FormControl(.radios, name: "reason", label: t[.flagReasonLabel], value: values["reason"] ?? "")
            .choosing(reasons.filter { sighting == nil || $0.0 != .duplicate }.map { ($0.0.rawValue, t[$0.1]) }).described(error: error("reason"))
        var detail = FormControl(.textarea, name: "detail", label: t[.flagDetail], value: values["detail"] ?? "")
        detail.maxlength = FlagForm.detailLimit
        var controls = [reason, detail.described(error: error("detail"))]
        if sighting == nil {
            var duplicate = FormControl(.input, name: "duplicateOf", label: t[.flagDuplicateOf], value: values["duplicateOf"] ?? "")
            duplicate.maxlength = 200
            controls.append(duplicate.described(error: error("duplicateOf")))
        }
        var section = ConsoleSection()
        section.paragraphs = [t[.flagIntro]]
        section.links = [
            ConsoleLink(
                label: ReportCard(report, strings: t).species + (report.petName.map { " – \($0)" } ?? ""),
                href: WebRoute.details(id: report.id.rawValue).path)
        ]
        let action = sighting.map { WebRoute.flagSighting(id: report.id.rawValue, sighting: $0).path } ?? WebRoute.flagReport(id: report.id.rawValue).path
        section.forms = [ConsoleForm(action: action, controls: controls, buttons: [ConsoleButton(t[.flagSend])])]
        page.sections = [section]
        return page
    }

    /// The owner's confirmation that a relayed message is a scam (a link alone never acts: mail scanners
    /// follow links).
    public static func message(_ message: RelayedMessage, action: String, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.messageFlagTitle], csrf: csrf, strings: t, signedIn: false)
        var section = ConsoleSection()
        section.paragraphs = [t[.messageFlagBody]]
        section.facts = [ConsoleFact(t[.consoleSender], message.senderName), ConsoleFact(t[.consoleMessageText], message.body)]
        section.forms = [ConsoleForm(action: action, buttons: [ConsoleButton(t[.messageFlagButton], danger: true)])]
        page.sections = [section]
        return page
    }
}
