import Foundation
import Logging
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// Messages relayed to reporters: limited per sender; the report's own budget defers, never refuses.
extension AnnouncementService {
    /// Relays a message to the reporter: limited per sender and per report, never logged.
    /// `RelayError.invalid` for a bad form, `RelayError.cannotReceive` when the report cannot receive
    /// messages, `AccessError.tooMany` when a limit is spent.
    /// Under `key` (a phone's queued message) the kept message's id is made from the key, so a retry of a
    /// message that went is not sent again.
    public func relay(
        _ form: RelayMessageForm, to report: Announcement, client: String, moderation: ModerationService? = nil, key: String? = nil
    ) async throws {
        guard let key else { return try await relaying(form, to: report, client: client, moderation: moderation, messageID: nil) }
        let messageID = KeyedID.make("message", key: key, report: report.id)
        // Copies of one queued message run one at a time here: a later one finds it kept and spends nothing.
        try await oneAtATime.run(messageID) { try await relaying(form, to: report, client: client, moderation: moderation, messageID: messageID) }
    }

    private func relaying(
        _ form: RelayMessageForm, to report: Announcement, client: String, moderation: ModerationService?, messageID: String?
    ) async throws {
        if let messageID, let moderation, await moderation.isKept(messageID) { return }
        if let problem = form.problems.first {
            throw problem.key == "relayNameReserved" ? RelayError.reservedName : RelayError.invalid(field: problem.field)
        }
        let ownTrait = try? await store.privateDetails(of: report.id).identifyingTrait
        guard report.status != .closed, report.moderation == .visible, let address = report.email, let notifier else { throw RelayError.cannotReceive }
        try await BlockList(store: store, now: now).check(email: form.email, client: client, scope: .messages)
        try await lockout.spend([(LockoutPolicy.relayClient, client)], on: .message)
        // Past the mailbox's day of e-mailed messages (from this network, or from all), the message is kept
        // for the owner's manage page and not e-mailed, and it is answered as sent all the same: a refusal
        // that depends on the mailbox would tell a sender which reports, relayed or not, share an owner.
        let mailbox = ContactRules.mailboxKey(address)
        let mailed: Bool
        do {
            try await lockout.spend(
                [(LockoutPolicy.relayNetworkMailbox, "\(ClientKey.network(of: client)) \(mailbox)"), (LockoutPolicy.relayMailbox, mailbox)],
                on: .message)
            mailed = true
        } catch is AccessError {
            mailed = false
        }
        // Kept for the owner's "this message is a scam" link, and for the operator who reviews it.
        var flagLink: String?
        let kept = mailed ? true : await lockout.take(LockoutPolicy.relayMailboxKept, mailbox) != nil
        if let moderation, kept {
            flagLink = try await moderation.keep(form, to: report, client: client, id: messageID)
            guard flagLink != nil else { return } // a parallel send of this queued message kept it first, and sends it
        }
        guard mailed else { return }
        guard
            let mail = notifier.mails.relayed(
                report, name: form.name, email: form.email, phone: form.phone.isEmpty ? nil : form.phone,
                trait: form.trait.isEmpty ? nil : form.trait, message: form.message,
                ownTrait: ownTrait ?? nil, flagLink: flagLink, baseURL: notifier.baseURL)
        else {
            throw RelayError.cannotReceive
        }
        // No sender waits for another's flood: a sender's first messages to a report go at once. Past its
        // share, its messages wait for the report's budget (spent by floods only), so the owner's inbox is
        // not flooded and a finder's first message is never queued behind a flooder's.
        let withinShare = await lockout.deferral(LockoutPolicy.relaySenderReport, "\(report.id.rawValue)|\(client)") == nil
        let notBefore = withinShare ? nil : await lockout.deferral(LockoutPolicy.relayReport, report.id.rawValue)
        try await notifier.relay(mail, notBefore: notBefore)
    }
}
