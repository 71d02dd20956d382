import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The operator console's pages, built from domain values as `PlainPage`s.
public enum ConsolePages {
    public static func signIn(name: String = "", failed: String? = nil, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.consoleSignInTitle], csrf: csrf, strings: t, signedIn: false)
        if let failed { page.errors = [ErrorSummaryItem(href: "#field-name", message: failed)] }
        var nameField = FormControl(.input, name: "name", label: t[.consoleName], value: name)
        nameField.autocomplete = "username"
        var password = FormControl(.input, name: "password", label: t[.consolePassword], value: "")
        password.type = "password"
        password.autocomplete = "current-password"
        var code = FormControl(.input, name: "code", label: t[.consoleCode], value: "")
        code.inputmode = "numeric"
        code.autocomplete = "one-time-code"
        code.maxlength = 6
        var section = ConsoleSection()
        section.forms = [
            ConsoleForm(
                action: ConsoleRoute.signIn.path, controls: [nameField, password, code],
                buttons: [ConsoleButton(t[.consoleSignIn])])
        ]
        page.sections = [section]
        return page
    }

    public static func enrol(qrSVG: String, secret: String, failed: String? = nil, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.consoleEnrolTitle], csrf: csrf, strings: t, signedIn: false)
        if let failed { page.errors = [ErrorSummaryItem(href: "#field-code", message: failed)] }
        var section = ConsoleSection()
        section.paragraphs = [t[.consoleEnrolIntro]]
        section.trustedMarkup = qrSVG
        section.facts = [
            ConsoleFact(
                t[.consoleEnrolKey],
                stride(from: 0, to: secret.count, by: 4).map { offset in
                    String(secret.dropFirst(offset).prefix(4))
                }.joined(separator: " "))
        ]
        var code = FormControl(.input, name: "code", label: t[.consoleCode], value: "")
        code.inputmode = "numeric"
        code.autocomplete = "one-time-code"
        code.maxlength = 6
        section.forms = [ConsoleForm(action: ConsoleRoute.enrol.path, controls: [code], buttons: [ConsoleButton(t[.consoleEnrolConfirm])])]
        page.sections = [section]
        return page
    }

    /// Items on one page of the queue.
    public static let queuePage = 100

    /// One page of the queue (`entries` may hold one more than a page: then a next page follows).
    public static func queue(_ entries: [QueueEntry], page number: Int = 1, csrf: String, strings t: Strings, now: Date) -> PlainPage {
        var page = PlainPage(title: t[.consoleQueueTitle], csrf: csrf, strings: t, signedIn: true, current: .queue)
        var section = ConsoleSection()
        let more = entries.count > queuePage
        let entries = Array(entries.prefix(queuePage))
        if number > 1 { section.links.append(ConsoleLink(label: t[.consoleQueuePrevious], href: ConsoleRoute.queue.path + "?page=\(number - 1)")) }
        if more { section.links.append(ConsoleLink(label: t[.consoleQueueNext], href: ConsoleRoute.queue.path + "?page=\(number + 1)")) }
        if entries.isEmpty {
            section.paragraphs = [t[.consoleQueueEmpty]]
        } else {
            section.table = ConsoleTable(
                caption: t[.consoleQueueTitle],
                headers: [t[.consoleItem], t[.consoleFlags], t[.consoleFlaggedSince], t[.consoleState]],
                rows: entries.map { entry in
                    [
                        ConsoleCell(
                            "\(kindLabel(entry.item.kind, t)) \(entry.item.id.prefix(8))",
                            href: ConsoleRoute.item(kind: entry.item.kind.rawValue, id: entry.item.id).path),
                        ConsoleCell(String(entry.flags)), ConsoleCell(Timestamp.string(entry.firstFlaggedAt)), ConsoleCell(stateLabel(entry.state, t)),
                    ]
                })
        }
        page.sections = [section]
        return page
    }

    static func kindLabel(_ kind: FlaggedKind, _ t: Strings) -> String {
        switch kind {
        case .report: t[.consoleKindReport]
        case .sighting: t[.consoleKindSighting]
        case .message: t[.consoleKindMessage]
        }
    }

    /// The state's words; a visible item is "flagged" in the queue, merely visible elsewhere.
    static func stateLabel(_ state: ModerationState, _ t: Strings, flagged: Bool = true) -> String {
        switch state {
        case .visible: t[flagged ? .consoleStateVisible : .consoleStateShown]
        case .held: t[.consoleStateHeld]
        case .hidden: t[.consoleStateHidden]
        case .duplicate: t[.consoleStateDuplicate]
        }
    }

    static func reasonLabel(_ reason: FlagReason, _ t: Strings) -> String {
        switch reason {
        case .scam: t[.flagReasonScam]
        case .offensive: t[.flagReasonOffensive]
        case .spam: t[.flagReasonSpam]
        case .duplicate: t[.flagReasonDuplicate]
        case .petHome: t[.flagReasonPetHome]
        case .other: t[.flagReasonOther]
        }
    }
}
