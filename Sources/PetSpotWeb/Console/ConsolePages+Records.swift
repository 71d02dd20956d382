import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The console's pages of records: blocks, the audit trail and look-ups.
extension ConsolePages {
    public static func blocks(
        _ blocks: [Block], values: [String: String] = [:], error: String? = nil, notice: String? = nil,
        csrf: String, strings t: Strings
    ) -> PlainPage {
        var page = PlainPage(title: t[.consoleBlocksTitle], csrf: csrf, strings: t, signedIn: true, current: .blocks)
        page.notice = notice
        if let error { page.errors = [ErrorSummaryItem(href: "#field-value", message: error)] }
        var list = ConsoleSection()
        if blocks.isEmpty {
            list.paragraphs = [t[.consoleBlocksNone]]
        } else {
            list.table = ConsoleTable(
                caption: t[.consoleBlocksTitle], headers: [t[.consoleBlockValue], t[.consoleReason], t[.consoleWho], t[.consoleBlockUntil]],
                rows: blocks.map { block in
                    [
                        ConsoleCell(block.value), ConsoleCell(block.reason), ConsoleCell(block.createdBy),
                        ConsoleCell(block.until.map(Timestamp.string) ?? t[.consoleBlockForever]),
                    ]
                })
            list.forms = blocks.map { block in
                ConsoleForm(action: ConsoleRoute.liftBlock(id: block.id).path, buttons: [ConsoleButton("\(t[.consoleBlockLift]): \(block.value)")])
            }
        }
        var add = ConsoleSection(heading: t[.consoleBlockAdd])
        let kind = FormControl(.radios, name: "kind", label: t[.consoleBlockKind], value: values["kind"] ?? "email")
            .choosing([("email", t[.consoleBlockEmail]), ("network", t[.consoleBlockNetwork])])
        var value = FormControl(.input, name: "value", label: t[.consoleBlockValue], value: values["value"] ?? "")
        value.maxlength = 200
        var days = FormControl(.input, name: "days", label: t[.consoleBlockDays], value: values["days"] ?? "")
        days.inputmode = "numeric"
        var reason = FormControl(.input, name: "reason", label: t[.consoleReason], value: values["reason"] ?? "")
        reason.maxlength = 300
        add.forms = [ConsoleForm(action: ConsoleRoute.blocks.path, controls: [kind, value, days, reason], buttons: [ConsoleButton(t[.consoleBlockAdd])])]
        page.sections = [list, add]
        return page
    }

    public static func audit(_ entries: [AuditEntry], older: Int64?, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.consoleAuditTitle], csrf: csrf, strings: t, signedIn: true, current: .audit())
        var section = ConsoleSection()
        section.links = [ConsoleLink(label: t[.consoleAuditCSV], href: ConsoleRoute.auditCSV.path)]
        section.table = ConsoleTable(
            caption: t[.consoleAuditTitle], headers: [t[.consoleWhen], t[.consoleWho], t[.consoleWhat], t[.consoleItem], t[.consoleDetail]],
            rows: entries.map { entry in
                [
                    ConsoleCell(Timestamp.string(entry.at)), ConsoleCell(entry.actor), ConsoleCell(entry.action),
                    ConsoleCell("\(entry.itemKind) \(entry.itemID)".trimmingCharacters(in: .whitespaces)), ConsoleCell(entry.detail),
                ]
            })
        if let older { section.links.append(ConsoleLink(label: t[.consoleOlder], href: ConsoleRoute.audit(before: older).path)) }
        page.sections = [section]
        return page
    }

    public static func lookUp(_ query: String, results: [Announcement]?, csrf: String, strings t: Strings) -> PlainPage {
        var page = PlainPage(title: t[.consoleLookUpTitle], csrf: csrf, strings: t, signedIn: true, current: .lookUp())
        var form = ConsoleSection()
        var field = FormControl(.input, name: "q", label: t[.consoleLookUpLabel], value: query)
        field.maxlength = 200
        form.forms = [ConsoleForm(action: ConsoleRoute.lookUp().path, method: "get", controls: [field], buttons: [ConsoleButton(t[.consoleLookUpButton])])]
        var found = ConsoleSection()
        if let results {
            if results.isEmpty {
                found.paragraphs = [t[.consoleLookUpNone]]
            } else {
                found.table = ConsoleTable(
                    caption: t[.consoleLookUpTitle], headers: [t[.consoleItem], t[.speciesLabel], t[.consoleState], t[.emailLabel]],
                    rows: results.map { report in
                        [
                            ConsoleCell(report.id.rawValue, href: ConsoleRoute.item(kind: "report", id: report.id.rawValue).path),
                            ConsoleCell(ReportText.species(report.species, t) + (report.petName.map { " – \($0)" } ?? "")),
                            ConsoleCell(stateLabel(report.moderation, t, flagged: false)), ConsoleCell(report.email ?? "–"),
                        ]
                    })
            }
        }
        page.sections = [form, found]
        return page
    }
}
