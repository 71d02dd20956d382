import Foundation
import PetSpotDomain
import SQLiteNIO

/// Flags, holds and decisions on SQLite; every change on the single writer, in a transaction.
extension SQLiteStore {
    public func addFlag(_ flag: Flag, threshold: Int, onHold: @Sendable (Announcement) throws -> [OutboxEntry]) async throws -> FlagOutcome {
        try await transaction { connection in
            let inserted = try await self.rows(
                """
                INSERT INTO moderation_flag (item_kind, item_id, report_id, client, reason, detail, duplicate_of, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING client
                """,
                [
                    .text(flag.item.kind.rawValue), .text(flag.item.id), .text(flag.reportID.rawValue), .text(flag.client),
                    .text(flag.reason.rawValue), flag.detail.sqlite, (flag.duplicateOf?.rawValue).sqlite,
                    .float(flag.createdAt.timeIntervalSince1970),
                ], on: connection)
            guard !inserted.isEmpty else { return .alreadyFlagged }
            let item = try await self.rows(
                """
                INSERT INTO moderation_item (item_kind, item_id, report_id, state, flags, weight, first_flagged_at) VALUES (?, ?, ?, 'OPEN', 1, ?, ?)
                ON CONFLICT (item_kind, item_id) DO UPDATE SET flags = CASE WHEN state = 'DONE' THEN 1 ELSE flags + 1 END,
                    weight = CASE WHEN state = 'DONE' THEN excluded.weight ELSE weight + excluded.weight END,
                    first_flagged_at = CASE WHEN state = 'DONE' THEN excluded.first_flagged_at ELSE first_flagged_at END,
                    state = CASE WHEN state = 'DONE' THEN 'OPEN' ELSE state END
                RETURNING flags, weight, state
                """,
                [
                    .text(flag.item.kind.rawValue), .text(flag.item.id), .text(flag.reportID.rawValue), .integer(flag.weight),
                    .float(flag.createdAt.timeIntervalSince1970),
                ], on: connection
            ).first
            guard let count = item?.column("flags")?.integer, let weight = item?.column("weight")?.integer, weight >= threshold,
                item?.column("state")?.string == ModerationSchema.open
            else {
                return .recorded(held: false)
            }
            try await connection.query(
                "UPDATE moderation_item SET state = 'HELD' WHERE item_kind = ? AND item_id = ?",
                [.text(flag.item.kind.rawValue), .text(flag.item.id)]
            ) { _ in }
            try await Self.setTarget(flag.item, to: .held, duplicateOf: nil, on: connection)
            try await Self.append(
                AuditEntry(
                    at: flag.createdAt, actor: "system", action: "hold", itemKind: flag.item.kind.rawValue,
                    itemID: flag.item.id, detail: "\(count) flags"), on: connection)
            if flag.item.kind == .report, let report = try await self.report(flag.reportID, on: connection) {
                try await Self.enqueue(try onHold(report), on: connection)
            }
            return .recorded(held: true)
        }
    }

    public func moderationQueue(limit: Int, offset: Int) async throws -> [QueueEntry] {
        try await read(
            """
            SELECT q.*, coalesce(a.moderation, s.moderation) AS target FROM moderation_item q
            LEFT JOIN announcement a ON q.item_kind = 'report' AND a.id = q.item_id
            LEFT JOIN sighting s ON q.item_kind = 'sighting' AND s.id = q.item_id
            WHERE q.state IN ('OPEN', 'HELD') ORDER BY q.flags DESC, q.first_flagged_at ASC, q.item_kind, q.item_id
            LIMIT \(max(1, limit)) OFFSET \(max(0, offset))
            """, []
        ).map { row in
            QueueEntry(
                item: FlaggedItem(FlaggedKind(rawValue: row.column("item_kind")?.string ?? "") ?? .report, row.column("item_id")?.string ?? ""),
                reportID: AnnouncementID(row.column("report_id")?.string ?? ""), flags: row.column("flags")?.integer ?? 0,
                firstFlaggedAt: Date(timeIntervalSince1970: row.column("first_flagged_at")?.double ?? 0),
                state: row.column("state")?.string == ModerationSchema.held
                    ? .held
                    : ModerationState(rawValue: row.column("target")?.string ?? "") ?? .visible)
        }
    }

    public func flags(on item: FlaggedItem) async throws -> [Flag] {
        try await read(
            "SELECT * FROM moderation_flag WHERE item_kind = ? AND item_id = ? ORDER BY created_at, client",
            [.text(item.kind.rawValue), .text(item.id)]
        ).map { row in
            Flag(
                item: item, reportID: AnnouncementID(row.column("report_id")?.string ?? ""), client: row.column("client")?.string ?? "",
                reason: FlagReason(rawValue: row.column("reason")?.string ?? "") ?? .other, detail: row.column("detail")?.string,
                duplicateOf: row.column("duplicate_of")?.string.map { AnnouncementID($0) },
                createdAt: Date(timeIntervalSince1970: row.column("created_at")?.double ?? 0))
        }
    }

    public func decide(
        _ item: FlaggedItem, _ decision: ModerationDecision, audit: AuditEntry,
        outbox: @Sendable (Announcement) throws -> [OutboxEntry]
    ) async throws -> String? {
        try await transaction { connection in
            let reportID = try await self.reportOf(item, on: connection)
            guard let report = try await self.report(reportID, on: connection) else { throw StoreError.notFound }
            var removedFile: String?
            let kind = SQLiteData.text(item.kind.rawValue), id = SQLiteData.text(item.id)
            switch decision {
            case .dismiss, .restore:
                // The flags stay: those already heard and overruled cannot flag the item again.
                try await Self.setTarget(item, to: nil, duplicateOf: nil, on: connection)
            case .hide:
                try await Self.setTarget(item, to: .hidden, duplicateOf: nil, on: connection)
            case .duplicate(let original):
                guard item.kind == .report, original != report.id, try await self.report(original, on: connection) != nil else {
                    throw StoreError.notFound
                }
                try await Self.setTarget(item, to: .duplicate, duplicateOf: original, on: connection)
                try await connection.query(
                    "UPDATE sighting SET announcement_id = ? WHERE announcement_id = ?",
                    [.text(original.rawValue), .text(report.id.rawValue)]
                ) { _ in }
            case .delete:
                removedFile = try await Self.deleteTarget(item, on: connection, store: self)
            }
            if !(decision == .delete && item.kind == .report) {
                try await connection.query(
                    """
                    INSERT INTO moderation_item (item_kind, item_id, report_id, state, flags, first_flagged_at) VALUES (?, ?, ?, 'DONE', 0, ?)
                    ON CONFLICT (item_kind, item_id) DO UPDATE SET state = 'DONE'
                    """, [kind, id, .text(reportID.rawValue), .float(audit.at.timeIntervalSince1970)]
                ) { _ in }
            }
            try await Self.append(audit, on: connection)
            if item.kind == .report { try await Self.enqueue(try outbox(report), on: connection) }
            return removedFile
        }
    }

    /// The report an item belongs to; `.notFound` when the item is gone.
    private func reportOf(_ item: FlaggedItem, on connection: SQLiteConnection) async throws -> AnnouncementID {
        let sql =
            switch item.kind {
            case .report: "SELECT id AS r FROM announcement WHERE id = ?"
            case .sighting: "SELECT announcement_id AS r FROM sighting WHERE id = ?"
            case .message: "SELECT report_id AS r FROM relayed_message WHERE id = ?"
            }
        guard let id = try await rows(sql, [.text(item.id)], on: connection).first?.column("r")?.string else { throw StoreError.notFound }
        return AnnouncementID(id)
    }

    func report(_ id: AnnouncementID, on connection: SQLiteConnection) async throws -> Announcement? {
        try await rows("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first.map(Self.announcement(from:))
    }

    /// Puts a report or sighting in `state` (nil: visible). A held or hidden sighting is hidden as its
    /// owner hides one, so every sighting read leaves it out; a message has no row to change.
    private static func setTarget(
        _ item: FlaggedItem, to state: ModerationState?, duplicateOf: AnnouncementID?,
        on connection: SQLiteConnection
    ) async throws {
        switch item.kind {
        case .report:
            try await connection.query(
                "UPDATE announcement SET moderation = ?, duplicate_of = ? WHERE id = ?",
                [(state?.rawValue).sqlite, (duplicateOf?.rawValue).sqlite, .text(item.id)]
            ) { _ in }
        case .sighting:
            // Held or hidden: hidden. Cleared: shown again only if moderation hid it (one its owner hid stays so).
            try await connection.query(
                "UPDATE sighting SET hidden = CASE WHEN ? THEN 1 WHEN moderation IS NOT NULL THEN 0 ELSE hidden END, moderation = ? WHERE id = ?",
                [.integer(state == nil ? 0 : 1), (state?.rawValue).sqlite, .text(item.id)]
            ) { _ in }
        case .message:
            if state == nil {
                try await connection.query("DELETE FROM moderation_block WHERE source = ?", [.text(item.id)]) { _ in }
            }
        }
    }

    private static func deleteTarget(_ item: FlaggedItem, on connection: SQLiteConnection, store: SQLiteStore) async throws -> String? {
        let (table, column) =
            switch item.kind {
            case .report: ("announcement", "photo_file, photo_url")
            case .sighting: ("sighting", "photo_file, photo_url")
            case .message: ("relayed_message", "NULL AS photo_file, NULL AS photo_url")
            }
        let row = try await store.rows("DELETE FROM \(table) WHERE id = ? RETURNING \(column)", [.text(item.id)], on: connection).first
        return StoredPhoto.file(stored: row?.column("photo_file")?.string, url: row?.column("photo_url")?.string)
    }

    static func append(_ entry: AuditEntry, on connection: SQLiteConnection) async throws {
        try await connection.query(
            """
            INSERT INTO moderation_audit (at, actor, action, item_kind, item_id, detail) VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .float(entry.at.timeIntervalSince1970), .text(entry.actor), .text(entry.action), .text(entry.itemKind),
                .text(entry.itemID), .text(entry.detail),
            ]
        ) { _ in }
    }
}
