import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The e-mails about reports, in the report's language: the management code after a report is filed,
/// and a possible match for a missing pet. They show only what the public report pages show.
public enum ReportMail {
    /// The code e-mail for `report`, sent to its e-mail address (nil when it has none).
    /// The code e-mail of a new report, or (`replaced`) of a code replaced from "My reports".
    public static func managementCode(
        _ report: Announcement, code: String, place: PlaceLabel? = nil, baseURL: String, replaced: Bool = false
    ) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        let body = MailBody(
            paragraphs: [replaced ? t[.mailCodeReplaced] : t.text(report.status == .found ? "mailCodeThanksFound" : "mailCodeThanksMissing")],
            highlight: (t[.mailCodeLabel], code),
            after: [t[.mailCodeUse]] + (report.status == .missing && !replaced ? [t[.mailCodeMatches]] : []),
            facts: place.map { [(t[.detailsArea], ReportText.place($0, t))] } ?? [],
            links: [
                (t[.mailSeeReport], baseURL + WebRoute.details(id: report.id.rawValue).path),
                (t[.mailManageReport], baseURL + WebRoute.manage(id: report.id.rawValue).path),
            ],
            footer: replaced ? t[.mailCodeReplacedNotYou] : t[.mailNotYou])
        return body.mail(to: to, subject: replaced ? t[.mailCodeReplacedSubject] : t[.mailCodeSubject], strings: t)
    }

    /// The notice to `missing`'s owner that `found` may be their pet (nil when the owner gave no e-mail):
    /// the found report's public facts only. The finder's private details (who keeps the pet, where) are
    /// never in it, not even for a chip: a report's chip is public, so anyone may file a missing report
    /// with it; the owner reaches the finder through the found report.
    public static func match(
        _ match: AnnouncementMatch, missing: Announcement, found: Announcement, foundPlace: PlaceLabel? = nil, baseURL: String
    ) -> MailContent? {
        guard let to = missing.email else { return nil }
        let t = Strings(Language(rawValue: missing.language) ?? .en)
        let reason =
            match.reason == .microchip
            ? t[.mailMatchChip]
            : t[.mailMatchSimilar].replacingOccurrences(of: "{km}", with: ReportText.oneDecimal(match.distanceKm, t))
        var facts = petNameFact(found, t) + [(t[.speciesLabel], ReportText.species(found.species, t)), (t[.genderLabel], ReportText.sex(found.sex, t))]
        if let breed = found.breed { facts.append((t[.mailBreed], breed)) }
        facts.append((t[.mailFoundOn], ReportText.day(found.lastSeenDate, t)))
        if let foundPlace { facts.append((t[.detailsArea], ReportText.place(foundPlace, t))) }
        if let description = found.description { facts.append((t[.mailDescription], description)) }
        let photos = match.likeness.map {
            t[.mailMatchPhoto].replacingOccurrences(of: "{likeness}", with: Likeness(cosine: $0).words(language: t.language.rawValue).lowercased())
        }
        let body = MailBody(
            paragraphs: [t[.mailMatchIntro], reason] + (photos.map { [$0] } ?? []),
            highlight: nil, after: [], facts: facts, factsTitle: t[.mailMatchFacts],
            links: [
                (t[.mailSeeMatch], baseURL + WebRoute.details(id: found.id.rawValue).path),
                (t[.mailMatchManage], baseURL + WebRoute.manage(id: missing.id.rawValue).path),
            ],
            footer: nil)
        return body.mail(to: to, subject: t[.mailMatchSubject], strings: t)
    }
}

extension ReportMail {
    /// A message sent to the reporter through PetSpot: to the report's address, replies to the sender.
    /// The identifying trait (missing pets) comes first, and a message that mentions money is flagged.
    public static func relayed(
        _ report: Announcement, name: String, email: String, phone: String?, trait: String?, message: String,
        ownTrait: String? = nil, flagLink: String? = nil, baseURL: String
    ) -> MailContent? {
        guard let to = report.email else { return nil }
        let t = Strings(Language(rawValue: report.language) ?? .en)
        var paragraphs = [t[.mailRelayIntro]]
        if ScamSigns.asksForMoney(name + " " + message + " " + (trait ?? "")) { paragraphs.insert(t[.mailRelayMoney], at: 0) }
        var facts: [(label: String, value: String)] = [(t[.mailSenderName], name)]
        if let trait { facts.append((t[.mailRelayTrait], trait)) }
        // What the owner recorded privately, beside the answer, to check one against the other.
        if let ownTrait, report.status == .missing {
            facts.append((t[.privateTrait], ownTrait))
            paragraphs.append(t[.mailRelayCheck])
        }
        facts.append((t[.mailRelayMessage], message))
        if let phone { facts.append((t[.mailRelayPhone], phone)) }
        let body = MailBody(
            paragraphs: paragraphs, highlight: nil, after: [], facts: facts,
            links: [(t[.mailSeeReport], baseURL + WebRoute.details(id: report.id.rawValue).path)]
                + (flagLink.map { [(t[.mailRelayFlag], $0)] } ?? []),
            footer: [.adviceNeverPay, .adviceNoCodes, .advicePublicPlace].map { t[$0] }.joined(separator: " "))
        var mail = body.mail(to: to, subject: t[.mailRelaySubject], strings: t)
        mail.replyTo = email
        return mail
    }

    /// The pet's name as a labelled fact, never inside PetSpot's own sentences: whoever filed the report
    /// typed it, and the e-mail may reach someone else.
    static func petNameFact(_ report: Announcement, _ t: Strings) -> [(label: String, value: String)] {
        report.petName.map { [(t[.mailPetName], $0)] } ?? []
    }

    /// The private details worth telling, labelled in `t`'s language.
    public static func privateFacts(_ details: PrivateDetails?, _ t: Strings) -> [(label: String, value: String)] {
        guard let details else { return [] }
        return [
            (t[.privateCollar], details.collarTag), (t[.privateCaregiverPhone], details.caregiverPhone),
            (t[.privateAddress], details.currentAddress), (t[.privateTrait], details.identifyingTrait),
        ].compactMap { label, value in value.map { (label, $0) } }
    }
}

/// The shape every PetSpot e-mail shares, written out as text and as escaped HTML.
struct MailBody {
    var paragraphs: [String]
    var highlight: (label: String, value: String)?
    var after: [String]
    var facts: [(label: String, value: String)]
    var factsTitle: String? = nil
    var links: [(label: String, url: String)]
    var footer: String?
    /// False for e-mails to people who filed nothing (alerts, a sighter's news): no "lost your code?".
    var toReporter = true

    func mail(to: String, subject: String, strings t: Strings) -> MailContent {
        var body = self
        // Every e-mail to a reporter tells where an owner gets back in without the code.
        if toReporter, let site = links.first.flatMap({ Self.siteRoot($0.url) }) {
            body.links.append((t[.mailMyReportsFooter], site + WebRoute.myReports.path))
        }
        return MailContent(to: to, subject: subject, text: body.text(t), html: body.html(t))
    }

    /// `https://host:port` of an absolute link; nil for anything else.
    static func siteRoot(_ url: String) -> String? {
        guard let scheme = url.range(of: "://"), let path = url[scheme.upperBound...].firstIndex(of: "/") else { return nil }
        return String(url[..<path])
    }

    func text(_ t: Strings) -> String {
        var blocks = [t[.mailHello]] + paragraphs
        if let highlight { blocks.append("\(highlight.label): \(highlight.value)") }
        blocks += after
        if !facts.isEmpty {
            blocks.append(([factsTitle].compactMap { $0 } + facts.map(Self.fact)).joined(separator: "\n"))
        }
        blocks += links.map { "\($0.label):\n\($0.url)" }
        if let footer { blocks.append(footer) }
        blocks.append("-- \n\(t[.mailSignature])")
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `- label: value`; a value of several lines (a message, a note) under its label, each line quoted,
    /// so no line someone typed can stand on its own as if PetSpot wrote it.
    static func fact(_ fact: (label: String, value: String)) -> String {
        let lines = fact.value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard lines.count > 1 else { return "- \(fact.label): \(fact.value)" }
        return "- \(fact.label):\n" + lines.map { "  > \($0)" }.joined(separator: "\n")
    }

    func html(_ t: Strings) -> String {
        func e(_ text: String) -> String { HTMLText.escape(text) }
        var parts = ["<p>\(e(t[.mailHello]))</p>"] + paragraphs.map { "<p>\(e($0))</p>" }
        if let highlight {
            parts.append("<p>\(e(highlight.label)):<br><strong style=\"font-size:28px;letter-spacing:4px\">\(e(highlight.value))</strong></p>")
        }
        parts += after.map { "<p>\(e($0))</p>" }
        if !facts.isEmpty {
            if let factsTitle { parts.append("<h2 style=\"font-size:18px\">\(e(factsTitle))</h2>") }
            parts.append("<ul>" + facts.map { "<li>\(e($0.label)): \(e($0.value))</li>" }.joined() + "</ul>")
        }
        parts += links.map { "<p><a href=\"\(e($0.url))\">\(e($0.label))</a></p>" }
        if let footer { parts.append("<p style=\"color:#555\">\(e(footer))</p>") }
        parts.append("<p>\(e(t[.mailSignature]))</p>")
        return "<!DOCTYPE html>\n<html lang=\"\(t.language.rawValue)\"><head><meta charset=\"utf-8\"><title>PetSpot</title></head>"
            + "<body style=\"font-family:sans-serif;line-height:1.5\">\n" + parts.joined(separator: "\n") + "\n</body></html>\n"
    }
}
