import Foundation
import PetSpotDomain
import PostgresNIO

/// Flags, holds and decisions on PostgreSQL. A flag's count is kept on the item's row by an upsert, which
/// takes that row's lock: flags from many instances at once count exactly, and one of them holds.
extension PostgresStore {
    public func addFlag(_ flag: Flag, threshold: Int, onHold: @Sendable (Announcement) throws -> [OutboxEntry]) async throws -> FlagOutcome {
        let kind = flag.item.kind.rawValue, at = flag.createdAt.timeIntervalSince1970
        return try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO moderation_flag (item_kind, item_id, report_id, client, reason, detail, duplicate_of, created_at)
                VALUES (\(kind), \(flag.item.id), \(flag.reportID.rawValue), \(flag.client), \(flag.reason.rawValue), \(flag.detail),
                        \(flag.duplicateOf?.rawValue), \(at)) ON CONFLICT DO NOTHING RETURNING client
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else { return .alreadyFlagged }
            let item = try await connection.query(
                """
                INSERT INTO moderation_item AS q (item_kind, item_id, report_id, state, flags, weight, first_flagged_at)
                VALUES (\(kind), \(flag.item.id), \(flag.reportID.rawValue), 'OPEN', 1, \(flag.weight), \(at))
                ON CONFLICT (item_kind, item_id) DO UPDATE SET flags = CASE WHEN q.state = 'DONE' THEN 1 ELSE q.flags + 1 END,
                    weight = CASE WHEN q.state = 'DONE' THEN excluded.weight ELSE q.weight + excluded.weight END,
                    first_flagged_at = CASE WHEN q.state = 'DONE' THEN excluded.first_flagged_at ELSE q.first_flagged_at END,
                    state = CASE WHEN q.state = 'DONE' THEN 'OPEN' ELSE q.state END
                RETURNING flags, weight, state
                """, logger: logger
            ).collect().first
            guard let (count, weight, state) = try item?.decode((Int, Int, String).self), weight >= threshold, state == ModerationSchema.open else {
                return .recorded(held: false)
            }
            try await connection.query(
                "UPDATE moderation_item SET state = 'HELD' WHERE item_kind = \(kind) AND item_id = \(flag.item.id)",
                logger: logger)
            try await setTarget(flag.item, to: .held, duplicateOf: nil, on: connection)
            try await append(
                AuditEntry(
                    at: flag.createdAt, actor: "system", action: "hold", itemKind: kind, itemID: flag.item.id,
                    detail: "\(count) flags"), on: connection)
            if flag.item.kind == .report, let report = try await report(flag.reportID, on: connection) {
                try await Self.enqueue(try onHold(report), on: connection, logger: logger)
            }
            return .recorded(held: true)
        }
    }

    public func moderationQueue(limit: Int, offset: Int) async throws -> [QueueEntry] {
        try await rows(
            """
            SELECT q.item_kind, q.item_id, q.report_id, q.flags, q.first_flagged_at, q.state, coalesce(a.moderation, s.moderation)
            FROM moderation_item q
            LEFT JOIN announcement a ON q.item_kind = 'report' AND a.id = q.item_id
            LEFT JOIN sighting s ON q.item_kind = 'sighting' AND s.id = q.item_id
            WHERE q.state IN ('OPEN', 'HELD') ORDER BY q.flags DESC, q.first_flagged_at ASC, q.item_kind, q.item_id
            LIMIT \(max(1, limit)) OFFSET \(max(0, offset))
            """
        ).map { row in
            let (kind, id, report, flags, first, state, target) = try row.decode((String, String, String, Int, Double, String, String?).self)
            return QueueEntry(
                item: FlaggedItem(FlaggedKind(rawValue: kind) ?? .report, id), reportID: AnnouncementID(report), flags: flags,
                firstFlaggedAt: Date(timeIntervalSince1970: first),
                state: state == ModerationSchema.held ? .held : ModerationState(rawValue: target ?? "") ?? .visible)
        }
    }

    public func flags(on item: FlaggedItem) async throws -> [Flag] {
        try await rows(
            """
            SELECT report_id, client, reason, detail, duplicate_of, created_at FROM moderation_flag
            WHERE item_kind = \(item.kind.rawValue) AND item_id = \(item.id) ORDER BY created_at, client
            """
        ).map { row in
            let (report, client, reason, detail, duplicate, at) = try row.decode((String, String, String, String?, String?, Double).self)
            return Flag(
                item: item, reportID: AnnouncementID(report), client: client, reason: FlagReason(rawValue: reason) ?? .other,
                detail: detail, duplicateOf: duplicate.map { AnnouncementID($0) }, createdAt: Date(timeIntervalSince1970: at))
        }
    }

    public func decide(
        _ item: FlaggedItem, _ decision: ModerationDecision, audit: AuditEntry,
        outbox: @Sendable (Announcement) throws -> [OutboxEntry]
    ) async throws -> String? {
        try await transaction { connection in
            let reportID = try await reportOf(item, on: connection)
            guard let report = try await report(reportID, on: connection) else { throw StoreError.notFound }
            var removedFile: String?
            switch decision {
            case .dismiss, .restore:
                // The flags stay: those already heard and overruled cannot flag the item again.
                try await setTarget(item, to: nil, duplicateOf: nil, on: connection)
            case .hide:
                try await setTarget(item, to: .hidden, duplicateOf: nil, on: connection)
            case .duplicate(let original):
                guard item.kind == .report, original != report.id, try await self.report(original, on: connection) != nil else {
                    throw StoreError.notFound
                }
                try await setTarget(item, to: .duplicate, duplicateOf: original, on: connection)
                try await connection.query(
                    "UPDATE sighting SET announcement_id = \(original.rawValue) WHERE announcement_id = \(report.id.rawValue)",
                    logger: logger)
            case .delete:
                removedFile = try await deleteTarget(item, on: connection)
            }
            if !(decision == .delete && item.kind == .report) {
                try await connection.query(
                    """
                    INSERT INTO moderation_item (item_kind, item_id, report_id, state, flags, first_flagged_at)
                    VALUES (\(item.kind.rawValue), \(item.id), \(reportID.rawValue), 'DONE', 0, \(audit.at.timeIntervalSince1970))
                    ON CONFLICT (item_kind, item_id) DO UPDATE SET state = 'DONE'
                    """, logger: logger)
            }
            try await append(audit, on: connection)
            if item.kind == .report { try await Self.enqueue(try outbox(report), on: connection, logger: logger) }
            return removedFile
        }
    }

    /// The report an item belongs to, its row locked; `.notFound` when the item is gone.
    private func reportOf(_ item: FlaggedItem, on connection: PostgresConnection) async throws -> AnnouncementID {
        let query: PostgresQuery =
            switch item.kind {
            case .report: "SELECT id FROM announcement WHERE id = \(item.id) FOR UPDATE"
            case .sighting: "SELECT announcement_id FROM sighting WHERE id = \(item.id) FOR UPDATE"
            case .message: "SELECT report_id FROM relayed_message WHERE id = \(item.id) FOR UPDATE"
            }
        guard let id = try await connection.query(query, logger: logger).collect().first?.decode(String.self) else { throw StoreError.notFound }
        return AnnouncementID(id)
    }

    func report(_ id: AnnouncementID, on connection: PostgresConnection) async throws -> Announcement? {
        try await connection.query("SELECT * FROM announcement WHERE id = \(id.rawValue)", logger: logger).collect().first
            .map(Self.announcement(from:))
    }

    /// As `SQLiteStore.setTarget`: a held or hidden sighting is hidden; a message has no row to change.
    private func setTarget(
        _ item: FlaggedItem, to state: ModerationState?, duplicateOf: AnnouncementID?,
        on connection: PostgresConnection
    ) async throws {
        switch item.kind {
        case .report:
            try await connection.query(
                """
                UPDATE announcement SET moderation = \(state?.rawValue), duplicate_of = \(duplicateOf?.rawValue) WHERE id = \(item.id)
                """, logger: logger)
        case .sighting:
            try await connection.query(
                "UPDATE sighting SET hidden = CASE WHEN \(state != nil) THEN true WHEN moderation IS NOT NULL THEN false ELSE hidden END, moderation = \(state?.rawValue) WHERE id = \(item.id)",
                logger: logger)
        case .message:
            if state == nil { try await connection.query("DELETE FROM moderation_block WHERE source = \(item.id)", logger: logger) }
        }
    }

    private func deleteTarget(_ item: FlaggedItem, on connection: PostgresConnection) async throws -> String? {
        let query: PostgresQuery =
            switch item.kind {
            case .report: "DELETE FROM announcement WHERE id = \(item.id) RETURNING photo_file, photo_url"
            case .sighting: "DELETE FROM sighting WHERE id = \(item.id) RETURNING photo_file, photo_url"
            case .message: "DELETE FROM relayed_message WHERE id = \(item.id) RETURNING NULL::text, NULL::text"
            }
        guard let (file, url) = try await connection.query(query, logger: logger).collect().first?.decode((String?, String?).self) else {
            return nil
        }
        return StoredPhoto.file(stored: file, url: url)
    }

    func append(_ entry: AuditEntry, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO moderation_audit (at, actor, action, item_kind, item_id, detail)
            VALUES (\(entry.at.timeIntervalSince1970), \(entry.actor), \(entry.action), \(entry.itemKind), \(entry.itemID), \(entry.detail))
            """, logger: logger)
    }
}
