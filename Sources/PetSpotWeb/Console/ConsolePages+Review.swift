import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The console's page for one item: what it is, who flagged it and why, and the decisions.
extension ConsolePages {
    public static func review(
        _ review: ConsoleReview, notice: String? = nil, errors: [ErrorSummaryItem] = [], csrf: String,
        strings t: Strings
    ) -> PlainPage {
        let item = review.entry.item
        var page = PlainPage(title: "\(kindLabel(item.kind, t)) \(item.id)", csrf: csrf, strings: t, signedIn: true)
        page.notice = notice
        page.errors = errors
        var content = ConsoleSection()
        content.facts = facts(of: review, t)
        content.images = [review.report?.photoURL, review.sighting?.photoURL].compactMap { url in
            url.flatMap(photoName).map { ConsoleLink(label: t[.photoOf], href: ConsoleRoute.photo(name: $0).path) }
        }
        if let report = review.report { content.links = [ConsoleLink(label: t[.consoleSeeReport], href: WebRoute.details(id: report.id.rawValue).path)] }
        // Scammers reuse photos: the other reports showing this one, each opened by the look-up.
        content.links += review.samePhoto.map {
            ConsoleLink(label: t[.consoleSamePhoto].replacingOccurrences(of: "%@", with: $0.rawValue), href: ConsoleRoute.lookUp(query: $0.rawValue).path)
        }
        var flags = ConsoleSection(heading: t[.consoleReasons])
        flags.table = ConsoleTable(
            caption: t[.consoleReasons], headers: [t[.flagReasonLabel], t[.consoleDetail], t[.consoleClient], t[.consoleWhen]],
            rows: review.flags.map { flag in
                let detail = [flag.detail, flag.duplicateOf.map { "→ \($0.rawValue)" }].compactMap { $0 }.joined(separator: " ")
                return [ConsoleCell(reasonLabel(flag.reason, t)), ConsoleCell(detail), ConsoleCell(flag.client), ConsoleCell(Timestamp.string(flag.createdAt))]
            })
        var decision = ConsoleSection(heading: t[.consoleActions])
        decision.forms = [decisionForm(review, t)]
        page.sections = [content] + (review.flags.isEmpty ? [] : [flags]) + [decision]
        return page
    }

    /// `abc.jpeg` of a photo this server keeps (`/images/abc.jpeg`); nil for anything else.
    static func photoName(_ url: String) -> String? {
        let prefix = "/images/"
        guard url.hasPrefix(prefix) else { return nil }
        let name = url.dropFirst(prefix.count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }

    private static func facts(of review: ConsoleReview, _ t: Strings) -> [ConsoleFact] {
        var facts = [ConsoleFact(t[.consoleState], stateLabel(review.entry.state, t))]
        if let message = review.message {
            facts += [
                ConsoleFact(t[.consoleSender], "\(message.senderName) <\(message.senderEmail)>"), ConsoleFact(t[.consoleClient], message.client),
                ConsoleFact(t[.consoleWhen], Timestamp.string(message.createdAt)), ConsoleFact(t[.consoleMessageText], message.body),
            ]
            if let trait = message.trait { facts.append(ConsoleFact(t[.mailRelayTrait], trait)) }
        }
        if let sighting = review.sighting {
            facts += [ConsoleFact(t[.sightingSeenAt], Timestamp.string(sighting.seenAt)), ConsoleFact(t[.sightingNote], sighting.note ?? "–")]
            if let photo = sighting.photoURL { facts.append(ConsoleFact(t[.sightingPhoto], photo)) }
        }
        if let report = review.report {
            facts += [
                ConsoleFact(t[.consoleKindReport], report.id.rawValue), ConsoleFact(t[.speciesLabel], ReportText.species(report.species, t)),
                ConsoleFact(t[.detailsPetName], report.petName ?? "–"), ConsoleFact(t[.detailsDescription], report.description ?? "–"),
                ConsoleFact(t[.emailLabel], report.email ?? "–"), ConsoleFact(t[.phoneLabel], report.phone ?? "–"),
                ConsoleFact(t[.detailsChip], report.microchipNumber ?? "–"), ConsoleFact(t[.consoleWhen], Timestamp.string(report.createdAt)),
            ]
            if let original = report.duplicateOf { facts.append(ConsoleFact(t[.consoleStateDuplicate], original.rawValue)) }
        } else {
            facts.append(ConsoleFact(t[.consoleKindReport], t[.consoleGone]))
        }
        return facts
    }

    private static func decisionForm(_ review: ConsoleReview, _ t: Strings) -> ConsoleForm {
        let item = review.entry.item
        var reason = FormControl(.textarea, name: "reason", label: t[.consoleReason], value: "")
        reason.maxlength = 500
        var controls = [reason]
        var buttons = [
            review.entry.state == .visible
                ? ConsoleButton(t[.consoleDismiss], name: "action", value: "dismiss")
                : ConsoleButton(t[.consoleRestore], name: "action", value: "restore")
        ]
        switch item.kind {
        case .report, .sighting:
            if review.entry.state != .hidden { buttons.append(ConsoleButton(t[.consoleHide], name: "action", value: "hide")) }
            if item.kind == .report {
                var original = FormControl(.input, name: "duplicateOf", label: t[.consoleDuplicateOf], value: "")
                original.maxlength = 200
                controls.append(original)
                buttons.append(ConsoleButton(t[.consoleDuplicate], name: "action", value: "duplicate"))
            }
        case .message:
            var days = FormControl(.input, name: "days", label: t[.consoleBlockDays], value: "")
            days.inputmode = "numeric"
            controls.append(days)
            buttons.append(ConsoleButton(t[.consoleBlockSender], name: "action", value: "block-sender"))
        }
        buttons.append(ConsoleButton(t[.consoleDelete], name: "action", value: "delete", danger: true))
        return ConsoleForm(action: ConsoleRoute.item(kind: item.kind.rawValue, id: item.id).path, controls: controls, buttons: buttons)
    }
}
