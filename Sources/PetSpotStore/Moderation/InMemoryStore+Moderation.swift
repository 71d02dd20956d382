import Foundation
import PetSpotDomain

/// What the in-memory twin keeps for moderation.
struct InMemoryModeration: Sendable {
    struct Item: Sendable {
        var reportID: AnnouncementID
        var state: String
        var flags: Int
        var weight = 0
        var firstFlaggedAt: Date
    }
    /// Networks' keyed hashes: when first and last seen.
    var clients: [String: (first: Date, last: Date)] = [:]
    var flags: [Flag] = []
    var items: [FlaggedItem: Item] = [:]
    var blocks: [Block] = []
    var audit: [AuditEntry] = []
    var messages: [String: RelayedMessage] = [:]
    var operators: [String: OperatorAccount] = [:]
    var lastSteps: [String: Int64] = [:]
}

/// Moderation in memory: the same contract as the SQL stores.
extension InMemoryStore {
    public func addFlag(_ flag: Flag, threshold: Int, onHold: @Sendable (Announcement) throws -> [OutboxEntry]) throws -> FlagOutcome {
        guard !moderation.flags.contains(where: { $0.item == flag.item && $0.client == flag.client }) else { return .alreadyFlagged }
        var item = moderation.items[flag.item] ?? .init(reportID: flag.reportID, state: "DONE", flags: 0, firstFlaggedAt: flag.createdAt)
        if item.state == "DONE" { item = .init(reportID: flag.reportID, state: "OPEN", flags: 0, firstFlaggedAt: flag.createdAt) }
        item.flags += 1
        item.weight += flag.weight
        let holds = item.weight >= threshold && item.state == "OPEN"
        let mails = holds && flag.item.kind == .report ? try announcements[flag.reportID].map { try onHold($0.announcement) } ?? [] : []
        moderation.flags.append(flag)
        if holds {
            item.state = "HELD"
            setTarget(flag.item, to: .held, duplicateOf: nil)
            append(
                AuditEntry(
                    at: flag.createdAt, actor: "system", action: "hold", itemKind: flag.item.kind.rawValue, itemID: flag.item.id,
                    detail: "\(item.flags) flags"))
            enqueue(mails)
        }
        moderation.items[flag.item] = item
        return .recorded(held: holds)
    }

    public func moderationQueue(limit: Int, offset: Int) -> [QueueEntry] {
        moderation.items.filter { $0.value.state != "DONE" }.map { key, item in
            QueueEntry(
                item: key, reportID: item.reportID, flags: item.flags, firstFlaggedAt: item.firstFlaggedAt,
                state: item.state == "HELD" ? .held : targetState(key))
        }.sorted { ($1.flags, $0.firstFlaggedAt, $0.item.kind.rawValue, $0.item.id) < ($0.flags, $1.firstFlaggedAt, $1.item.kind.rawValue, $1.item.id) }
            .dropFirst(max(0, offset)).prefix(max(1, limit)).map { $0 }
    }

    private func targetState(_ item: FlaggedItem) -> ModerationState {
        switch item.kind {
        case .report: announcements[AnnouncementID(item.id)]?.announcement.moderation ?? .visible
        case .sighting: sightingRows[item.id]?.moderation ?? .visible
        case .message: .visible
        }
    }

    public func flags(on item: FlaggedItem) -> [Flag] {
        moderation.flags.filter { $0.item == item }.sorted { ($0.createdAt, $0.client) < ($1.createdAt, $1.client) }
    }

    public func decide(
        _ item: FlaggedItem, _ decision: ModerationDecision, audit: AuditEntry,
        outbox: @Sendable (Announcement) throws -> [OutboxEntry]
    ) throws -> String? {
        let reportID: AnnouncementID? =
            switch item.kind {
            case .report: announcements[AnnouncementID(item.id)] == nil ? nil : AnnouncementID(item.id)
            case .sighting: sightingRows[item.id]?.sighting.reportID
            case .message: moderation.messages[item.id]?.reportID
            }
        guard let reportID, let report = announcements[reportID]?.announcement else { throw StoreError.notFound }
        if case .duplicate(let original) = decision, item.kind != .report || original == reportID || announcements[original] == nil {
            throw StoreError.notFound
        }
        let mails = item.kind == .report ? try outbox(report) : []
        var removedFile: String?
        switch decision {
        case .dismiss, .restore:
            // The flags stay: those already heard and overruled cannot flag the item again.
            setTarget(item, to: nil, duplicateOf: nil)
        case .hide: setTarget(item, to: .hidden, duplicateOf: nil)
        case .duplicate(let original):
            setTarget(item, to: .duplicate, duplicateOf: original)
            for (id, row) in sightingRows where row.sighting.reportID == reportID { sightingRows[id]?.sighting.reportID = original }
        case .delete: removedFile = try deleteTarget(item)
        }
        if !(decision == .delete && item.kind == .report) {
            moderation.items[item, default: .init(reportID: reportID, state: "DONE", flags: 0, firstFlaggedAt: audit.at)].state = "DONE"
        }
        append(audit)
        enqueue(mails)
        return removedFile
    }

    private func setTarget(_ item: FlaggedItem, to state: ModerationState?, duplicateOf: AnnouncementID?) {
        switch item.kind {
        case .report:
            announcements[AnnouncementID(item.id)]?.announcement.moderation = state ?? .visible
            announcements[AnnouncementID(item.id)]?.announcement.duplicateOf = duplicateOf
        case .sighting:
            if state != nil || sightingRows[item.id]?.moderation != nil { sightingRows[item.id]?.sighting.hidden = state != nil }
            sightingRows[item.id]?.moderation = state
        case .message:
            if state == nil { moderation.blocks.removeAll { $0.source == item.id } }
        }
    }

    private func deleteTarget(_ item: FlaggedItem) throws -> String? {
        switch item.kind {
        case .report:
            let removed = try delete(AnnouncementID(item.id))
            moderation.flags.removeAll { $0.reportID.rawValue == item.id }
            moderation.items = moderation.items.filter { $0.value.reportID.rawValue != item.id }
            moderation.messages = moderation.messages.filter { $0.value.reportID.rawValue != item.id }
            return removed.photoFile
        case .sighting:
            guard let row = sightingRows.removeValue(forKey: item.id) else { return nil }
            return StoredPhoto.file(stored: row.photoFile, url: row.sighting.photoURL)
        case .message:
            moderation.messages[item.id] = nil
            return nil
        }
    }

    private func append(_ entry: AuditEntry) {
        var entry = entry
        entry.sequence = (moderation.audit.last?.sequence ?? 0) + 1
        moderation.audit.append(entry)
    }

    public func appendAudit(_ entry: AuditEntry) { append(entry) }

    public func auditTrail(before sequence: Int64?, limit: Int) -> [AuditEntry] {
        Array(moderation.audit.filter { $0.sequence < (sequence ?? .max) }.reversed().prefix(max(1, limit)))
    }
}
