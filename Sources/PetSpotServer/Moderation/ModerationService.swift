import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// Why moderation refuses something, in domain terms.
public enum ModerationError: Error, Equatable, Sendable {
    /// An operator blocked the sender's address or network: refused with a neutral message.
    case blocked
    /// The flag form has a problem.
    case invalid(FlagForm.Problem)
    /// The report is held or hidden pending review.
    case underReview
}

/// Flags from anyone, holds at the threshold, the owner's "this message is a scam", and the blocks
/// every open form checks. Operators' decisions are in `ModerationService+Decisions`.
public struct ModerationService: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = AnnouncementStore & LookStore & ModerationStore & SightingStore
    let store: any Stores
    let announcements: AnnouncementService
    let lockout: LockoutPolicy
    let metrics: ServerMetrics
    let tokens: KeyedTokens
    /// Distinct networks whose flags hold an item (`--flag-threshold`).
    let threshold: Int
    /// A report younger than this is never held on flags alone (`--flag-hold-after-minutes`): its flags
    /// wait for an operator.
    var holdMinimumAge: TimeInterval = 3600
    /// Which networks filed something before: their flags weigh more. Nil: every flag weighs the same.
    var history: ClientHistory?
    let now: @Sendable () -> Date

    /// Flags one client may send in the lock-out window, over all items.
    static let flagClient = LockoutPolicy.Rule(scope: "flag-client", limit: 30)
    /// Holds one network (`ClientKey.network`) may cause in a day; past it, its flags queue for an
    /// operator without hiding anything.
    static let holdsPerNetwork = LockoutPolicy.Rule(scope: "flag-holds-network", limit: 3, window: LockoutPolicy.day)
    /// Holds completed by the flag of a network with no history here, over the whole server in a day: such
    /// networks are cheap (a tunnel broker hands out IPv6 /48s by the dozen), so past these their flags
    /// queue for an operator without hiding anything. Flags from networks with a history hold as before.
    static let holdsByNewNetworks = LockoutPolicy.Rule(scope: "flag-holds-new-networks", limit: 10, window: LockoutPolicy.day)
    /// Holds completed by flags over the whole server in a day, whatever the networks: history is cheap to
    /// make ahead (a sighting or a report filed and deleted a day before, found by an attacker's audit), so
    /// past these every flag queues for an operator without hiding anything.
    static let holdsByAnyNetwork = LockoutPolicy.Rule(scope: "flag-holds-any-network", limit: 30, window: LockoutPolicy.day)
    /// A threshold no count of flags reaches: the flags are recorded and queued, nothing is held.
    static let noHold = 1_000_000
    /// How long relayed messages are kept for their owners to flag.
    static let messageLifetime: TimeInterval = 30 * 86_400

    /// Deletes the relayed messages older than `messageLifetime`, and forgets the networks not seen for a year.
    func pruneMessages() async throws {
        try await store.pruneMessages(before: now().addingTimeInterval(-Self.messageLifetime))
        try await history?.forget(at: now())
    }

    /// Records a client's flag on `report` (as the public sees it: `AnnouncementService.findPublic`) or one
    /// of its sightings. `StoreError.notFound` for a sighting the public cannot see, `ModerationError.invalid`
    /// for a bad form, `AccessError.tooMany` past the client's limit.
    func flag(_ item: FlaggedItem, on report: Announcement, form: FlagForm, client: String) async throws -> FlagOutcome {
        let reportID = report.id
        if item.kind == .sighting { try await requireVisible(sighting: item.id, of: reportID) }
        let valid: FlagForm.Valid
        switch form.validated() {
        case .success(let value): valid = value
        case .failure(let problem): throw ModerationError.invalid(problem)
        }
        var duplicateOf: AnnouncementID?
        if let text = valid.duplicateOf {
            guard let original = try await self.report(named: text, other: reportID, visibleOnly: true) else {
                throw ModerationError.invalid(FlagForm.Problem(field: "duplicateOf", key: "flagDuplicateUnknown"))
            }
            duplicateOf = original
        }
        try await lockout.spend([(Self.flagClient, client)], on: .flag)
        // Flags count by network: one line's many addresses are one voice, never the three a hold needs.
        let network = ClientKey.network(of: client)
        let weight = try await history?.weight(of: network, at: now()) ?? Flag.freshWeight
        let flag = Flag(
            item: item, reportID: reportID, client: network, reason: valid.reason, detail: valid.detail,
            duplicateOf: duplicateOf, createdAt: now(), weight: weight)
        let baseURL = announcements.notifier?.baseURL ?? "", mails = announcements.notifier?.mails
        // The network's hold is taken before the flag may hold and given back when it did not, so parallel
        // flags from one network cannot all pass a count read before any of them held.
        let oldEnough = now().timeIntervalSince(report.createdAt) >= holdMinimumAge
        let hold = oldEnough ? await takeHold(for: network, new: weight == Flag.freshWeight) : nil
        let outcome: FlagOutcome
        do {
            outcome = try await store.addFlag(flag, threshold: hold != nil ? threshold * Flag.freshWeight : Self.noHold) { held in
                try mails?.moderationNotice(held, action: .held, reason: "", baseURL: baseURL).map { [try ReportNotifier.entry($0, at: flag.createdAt)] } ?? []
            }
        } catch {
            for use in hold ?? [] { await lockout.giveBack(use) }
            throw error
        }
        if outcome != .alreadyFlagged { metrics.flagged(item.kind) }
        if outcome == .recorded(held: true) {
            metrics.held(item.kind)
            announcements.notifier?.doorbell.ring()
        } else {
            for use in hold ?? [] { await lockout.giveBack(use) }
        }
        return outcome
    }

    /// The uses a flag from `network` takes before it may complete a hold: one of the network's day, one of
    /// the server's, and for a network with no history one of the new networks' day too; nil when one is
    /// spent (what was taken is given back).
    func takeHold(for network: String, new: Bool) async -> [String]? {
        let budgets = [(Self.holdsPerNetwork, network), (Self.holdsByAnyNetwork, "all")] + (new ? [(Self.holdsByNewNetworks, "all")] : [])
        var taken: [String] = []
        for (rule, subject) in budgets {
            guard let use = await lockout.take(rule, subject) else {
                for use in taken { await lockout.giveBack(use) }
                return nil
            }
            taken.append(use)
        }
        return taken
    }

    /// `StoreError.notFound` unless the report has this sighting and the public sees it.
    func requireVisible(sighting id: String, of report: AnnouncementID) async throws {
        guard try await store.sightings(of: report, includeHidden: false).contains(where: { $0.id == id }) else { throw StoreError.notFound }
    }

    /// The one report other than `other` that `text` names (an id, its first eight characters, or a link
    /// to it), for a duplicate flag (only a public one) or an operator's duplicate; nil for none or several.
    func report(named text: String, other: AnnouncementID, visibleOnly: Bool) async throws -> AnnouncementID? {
        let reference = FlagForm.reportReference(text).lowercased()
        let found = reference.count >= 8 ? try await store.ids(startingWith: reference, limit: 2) : []
        guard found.count == 1, let id = found.first, id != other else { return nil }
        guard visibleOnly else { return id }
        return (try? await store.find(id))?.moderation == .visible ? id : nil
    }

    // MARK: - Messages

    /// Keeps a relayed message for its owner to flag, and answers the link the owner's e-mail carries; nil
    /// when a message with `id` is kept already (a parallel send of one queued message, which sends it).
    func keep(_ form: RelayMessageForm, to report: Announcement, client: String, id: String? = nil) async throws -> String? {
        let message = RelayedMessage(
            id: id ?? UUID().uuidString.lowercased(), reportID: report.id, senderName: form.name, senderEmail: form.email, client: client,
            body: form.message, trait: form.trait.isEmpty ? nil : form.trait, createdAt: now())
        guard try await store.recordMessage(message) else { return nil }
        return messageLink(message.id)
    }

    /// True when a message with this id is kept (a queued message sent before).
    func isKept(_ id: String) async -> Bool { (try? await store.relayedMessage(id)) != nil }

    func messageLink(_ id: String) -> String {
        (announcements.notifier?.baseURL ?? "") + WebRoute.flagMessage(id: id, token: tokens.token("message-flag", id)).path
    }

    /// The message behind an owner's link, when the link is this server's.
    func message(_ id: String, token: String?) async throws -> RelayedMessage {
        guard tokens.accepts(token, "message-flag", id) else { throw AlertError.invalidLink }
        return try await store.relayedMessage(id)
    }

    /// The owner says a message is a scam: it is held for review and its sender (the client it came from;
    /// the address it gave is unchecked, so blocking it would let anyone silence a stranger's address) may
    /// message no report until an operator decides. Saying it twice changes nothing.
    func ownerFlags(_ message: RelayedMessage) async throws {
        let flag = Flag(item: FlaggedItem(.message, message.id), reportID: message.reportID, client: "owner", reason: .scam, createdAt: now())
        guard try await store.addFlag(flag, threshold: 1, onHold: { _ in [] }) != .alreadyFlagged else { return }
        metrics.flagged(.message)
        metrics.held(.message)
        let block = Block(
            kind: .network, value: message.client, scope: .messages, until: nil,
            reason: "The owner reported a message as a scam", createdBy: "owner", createdAt: flag.createdAt, source: message.id)
        try await store.addBlock(
            block,
            audit: AuditEntry(
                at: flag.createdAt, actor: "owner", action: "block", itemKind: "message",
                itemID: message.id, detail: block.reason))
    }
}
