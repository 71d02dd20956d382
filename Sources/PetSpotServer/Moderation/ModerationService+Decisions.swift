import Foundation
import PetSpotDomain
import PetSpotStore

/// The operators' decisions, each with its line in the audit trail.
extension ModerationService {
    func queue(limit: Int = 100, offset: Int = 0) async throws -> [QueueEntry] { try await store.moderationQueue(limit: limit, offset: offset) }

    /// The blocks in force now.
    func activeBlocks() async throws -> [Block] { try await store.blocks(activeAt: now()) }

    /// A page of the audit trail, newest first, before `sequence` (nil: the newest).
    func auditTrail(before sequence: Int64?, limit: Int = 100) async throws -> [AuditEntry] {
        try await store.auditTrail(before: sequence, limit: limit)
    }

    /// Reports an operator's look-up finds by id, short link, e-mail, phone or chip number.
    func lookUp(_ text: String, limit: Int = 50) async throws -> [Announcement] { try await store.lookUp(text, limit: limit) }

    /// A relayed message, for the console's review.
    func relayedMessage(_ id: String) async throws -> RelayedMessage { try await store.relayedMessage(id) }

    /// An item with its flags and content, for the console.
    func review(_ item: FlaggedItem) async throws -> ConsoleReview {
        let flags = try await store.flags(on: item)
        var review = ConsoleReview(
            entry: QueueEntry(
                item: item, reportID: AnnouncementID(""), flags: flags.count, firstFlaggedAt: flags.first?.createdAt ?? now(),
                state: .visible), flags: flags)
        switch item.kind {
        case .report:
            review.report = try await store.find(AnnouncementID(item.id))
        case .sighting:
            guard let reportID = flags.first?.reportID else { throw StoreError.notFound }
            review.report = try? await store.find(reportID)
            review.sighting = try await store.sightings(of: reportID, includeHidden: true).first { $0.id == item.id }
            guard review.sighting != nil else { throw StoreError.notFound }
        case .message:
            review.message = try await store.relayedMessage(item.id)
            review.report = try? await store.find(review.message!.reportID)
        }
        review.entry.reportID = review.report?.id ?? review.entry.reportID
        if let report = review.report { review.samePhoto = try await store.samePhoto(as: report.id) }
        // A report's row says where it stands; a sighting's or message's hold is the queue's.
        review.entry.state =
            item.kind == .report
            ? review.report?.moderation ?? .visible
            : try await store.moderationQueue(limit: 1000).first { $0.item == item }?.state ?? .visible
        return review
    }

    /// Applies an operator's decision; the reporter hears of a hide or a removal (and a duplicate) by e-mail.
    func decide(_ item: FlaggedItem, _ decision: ModerationDecision, by actor: String, reason: String) async throws {
        let action =
            switch decision {
            case .dismiss: "dismiss"
            case .restore: "restore"
            case .hide: "hide"
            case .duplicate: "duplicate"
            case .delete: "delete"
            }
        var detail = reason
        if case .duplicate(let original) = decision { detail = "duplicate of \(original.rawValue)" + (reason.isEmpty ? "" : ": \(reason)") }
        let audit = AuditEntry(at: now(), actor: actor, action: action, itemKind: item.kind.rawValue, itemID: item.id, detail: detail)
        let notice: ModerationNotice? =
            switch decision {
            case .hide: .hidden
            case .delete: .removed
            case .duplicate: .duplicate
            case .dismiss, .restore: nil
            }
        let baseURL = announcements.notifier?.baseURL ?? "", mails = announcements.notifier?.mails
        let at = audit.at
        let file = try await store.decide(item, decision, audit: audit) { report in
            guard let notice else { return [] }
            return try mails?.moderationNotice(report, action: notice, reason: reason, baseURL: baseURL)
                .map { [try ReportNotifier.entry($0, at: at)] } ?? []
        }
        await announcements.photos.remove(file: file)
        announcements.notifier?.doorbell.ring()
    }

    /// Blocks an address or a network for `days` (nil: until lifted).
    func block(_ kind: Block.Kind, value: String, days: Int?, reason: String, by actor: String) async throws {
        let value = kind == .email ? ContactRules.untaggedKey(value) : BlockList.blockable(value.trimmingCharacters(in: .whitespaces))
        let at = now()
        let block = Block(
            kind: kind, value: value, until: days.map { at.addingTimeInterval(Double($0) * 86_400) }, reason: reason,
            createdBy: actor, createdAt: at)
        try await store.addBlock(
            block,
            audit: AuditEntry(
                at: at, actor: actor, action: "block", itemKind: kind.rawValue, itemID: value,
                detail: [reason, days.map { "\($0) days" } ?? "until lifted"].joined(separator: "; ")))
    }

    func lift(_ id: String, by actor: String) async throws {
        try await store.liftBlock(id: id, audit: AuditEntry(at: now(), actor: actor, action: "unblock", itemKind: "block", itemID: id))
    }

    /// The whole trail as CSV (RFC 4180), oldest line last as the console shows it.
    func auditCSV() async throws -> String {
        var lines = ["sequence,time,actor,action,item_kind,item_id,detail"]
        var before: Int64?
        while true {
            let page = try await store.auditTrail(before: before, limit: 500)
            lines += page.map { entry in
                [String(entry.sequence), Timestamp.string(entry.at), entry.actor, entry.action, entry.itemKind, entry.itemID, entry.detail]
                    .map(Self.csvField).joined(separator: ",")
            }
            guard page.count == 500, let last = page.last else { break }
            before = last.sequence
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A CSV field, quoted when it must be; a leading `= + - @` is defused so a spreadsheet never runs it.
    /// A `;` or a tab is quoted too: spreadsheets set to those separators (Polish Excel's `;`) would
    /// otherwise start a cell, and a formula, after it.
    static func csvField(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { ",;\t\"\r\n".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
