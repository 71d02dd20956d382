import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The parts of the manage page: the confirmation, the code and e-mail fields, a match's card.
extension ManagePage {
    static func confirmation(_ change: Change, of report: Announcement, strings: Strings) -> Confirmation {
        let keys: (TextKey, TextKey, TextKey) =
            change == .reunite
            ? (.confirmReuniteTitle, .confirmReuniteBody, .confirmReuniteButton) : (.confirmRemoveTitle, .confirmRemoveBody, .confirmRemoveButton)
        return Confirmation(
            title: strings[keys.0], body: strings[keys.1], button: strings[keys.2], action: change.confirmed.rawValue,
            actionPath: WebRoute.ownerAction(id: report.id.rawValue, change.confirmed).path, danger: change == .delete)
    }

    static func codeControl(error: String?, strings: Strings) -> FormControl {
        var code = FormControl(.input, name: "code", label: strings[.codeLabel], value: "")
        code.inputmode = "numeric"
        code.autocomplete = "off"
        code.maxlength = 6
        return code.described(hint: strings[.manageIntro], error: error)
    }

    static func emailControl(error: String?, strings: Strings) -> FormControl {
        var email = FormControl(.input, name: "email", label: strings[.addEmailLabel], value: "")
        email.type = "email"
        email.autocomplete = "email"
        email.maxlength = ContactRules.emailLimit
        return email.described(error: error)
    }

    /// The owner's searched areas and the form to add one (its values as typed when it was refused).
    static func searched(_ report: Announcement, _ owner: Owner, strings: Strings) -> SearchedAreasView {
        SearchedAreasView(
            report, areas: owner.searchedAreas, labels: owner.searchedLabels, today: owner.today, tiles: owner.tiles,
            typed: owner.searchedForm, strings: strings)
    }

    /// A match's card, with why it matched, how far and how alike.
    static func card(of match: AnnouncementMatch, strings: Strings) -> ReportCard {
        var card = ReportCard(match.candidate, strings: strings)
        card.note = strings[.matchNote]
            .replacingOccurrences(of: "{reason}", with: strings.text(match.reason == .microchip ? "matchReasonChip" : "matchReasonSimilar"))
            .replacingOccurrences(of: "{km}", with: ReportText.oneDecimal(match.distanceKm, strings))
            .replacingOccurrences(of: "{score}", with: String(Int((match.score * 100).rounded())))
        // How alike the photos look comes first: it is what the owner checks by eye.
        if let likeness = match.likeness {
            card.note = Likeness(cosine: likeness).words(language: strings.language.rawValue) + " · " + (card.note ?? "")
        }
        return card
    }

    /// What moderation did to the report, as its owner is told (nil while it is visible).
    static func moderationNotice(_ report: Announcement, strings: Strings) -> String? {
        switch report.moderation {
        case .visible: nil
        case .held: strings[.ownerUnderReview]
        case .hidden, .duplicate: strings[.ownerHidden]
        }
    }

    /// A relayed message as rows: who sent it and when, and what it says; then what they say identifies the
    /// pet, to check against what only the owner knows.
    static func rows(_ message: RelayedMessage, zone: String? = nil, strings: Strings) -> [DetailsPage.Row] {
        let time = SightingText.time(message.createdAt, zone: zone, strings: strings)
        return [DetailsPage.Row(label: "\(message.senderName) <\(message.senderEmail)>, \(time)", value: message.body)]
            + (message.trait.map { [DetailsPage.Row(label: strings[.mailRelayTrait], value: $0)] } ?? [])
    }

    /// The owner's plan for today (nil for a found pet).
    static func plan(_ report: Announcement, _ owner: Owner, strings: Strings) -> SearchPlanView? {
        SearchPlanView(
            report, answers: owner.privateDetails.searchAnswers, state: owner.planState, directory: owner.directory,
            today: owner.today, strings: strings)
    }
}
