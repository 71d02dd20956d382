import Foundation
import PetSpotDomain
import SQLiteNIO

/// The audit trail, blocks, kept messages, and look-ups on SQLite.
extension SQLiteStore {
    public func appendAudit(_ entry: AuditEntry) async throws {
        try await transaction { try await Self.append(entry, on: $0) }
    }

    public func auditTrail(before sequence: Int64?, limit: Int) async throws -> [AuditEntry] {
        try await read(
            "SELECT * FROM moderation_audit WHERE seq < ? ORDER BY seq DESC LIMIT \(max(1, limit))",
            [.integer(Int(sequence ?? .max))]
        ).map { row in
            AuditEntry(
                sequence: Int64(row.column("seq")?.integer ?? 0), at: Date(timeIntervalSince1970: row.column("at")?.double ?? 0),
                actor: row.column("actor")?.string ?? "", action: row.column("action")?.string ?? "",
                itemKind: row.column("item_kind")?.string ?? "", itemID: row.column("item_id")?.string ?? "",
                detail: row.column("detail")?.string ?? "")
        }
    }

    public func addBlock(_ block: Block, audit: AuditEntry) async throws {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO moderation_block (id, kind, value, scope, until_at, reason, created_by, created_at, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(block.id), .text(block.kind.rawValue), .text(block.value), .text(block.scope.rawValue),
                    block.until.map { .float($0.timeIntervalSince1970) } ?? .null, .text(block.reason), .text(block.createdBy),
                    .float(block.createdAt.timeIntervalSince1970), block.source.sqlite,
                ]
            ) { _ in }
            try await Self.append(audit, on: connection)
        }
    }

    public func liftBlock(id: String, audit: AuditEntry) async throws {
        try await transaction { connection in
            guard try await !self.rows("DELETE FROM moderation_block WHERE id = ? RETURNING id", [.text(id)], on: connection).isEmpty else {
                throw StoreError.notFound
            }
            try await Self.append(audit, on: connection)
        }
    }

    public func blocks(activeAt date: Date) async throws -> [Block] {
        try await read(
            "SELECT * FROM moderation_block WHERE until_at IS NULL OR until_at > ? ORDER BY created_at DESC, id",
            [.float(date.timeIntervalSince1970)]
        ).map { row in
            Block(
                id: row.column("id")?.string ?? "", kind: Block.Kind(rawValue: row.column("kind")?.string ?? "") ?? .email,
                value: row.column("value")?.string ?? "", scope: Block.Scope(rawValue: row.column("scope")?.string ?? "") ?? .all,
                until: row.column("until_at")?.double.map(Date.init(timeIntervalSince1970:)), reason: row.column("reason")?.string ?? "",
                createdBy: row.column("created_by")?.string ?? "",
                createdAt: Date(timeIntervalSince1970: row.column("created_at")?.double ?? 0), source: row.column("source")?.string)
        }
    }

    public func moderationStats() async throws -> ModerationStats {
        let row = try await read(
            """
            SELECT COUNT(*) AS queued, COALESCE(SUM(state = 'HELD'), 0) AS held, MIN(first_flagged_at) AS oldest
            FROM moderation_item WHERE state IN ('OPEN', 'HELD')
            """, []
        ).first
        return ModerationStats(
            queued: row?.column("queued")?.integer ?? 0, held: row?.column("held")?.integer ?? 0,
            oldestFlaggedAt: row?.column("oldest")?.double.map(Date.init(timeIntervalSince1970:)))
    }

    @discardableResult public func recordMessage(_ message: RelayedMessage) async throws -> Bool {
        try await transaction { connection in
            try await self.rows(
                """
                INSERT INTO relayed_message (id, report_id, sender_name, sender_email, client, body, trait, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id
                """,
                [
                    .text(message.id), .text(message.reportID.rawValue), .text(message.senderName), .text(message.senderEmail),
                    .text(message.client), .text(message.body), message.trait.map { .text($0) } ?? .null,
                    .float(message.createdAt.timeIntervalSince1970),
                ], on: connection)
        }.isEmpty == false
    }

    public func relayedMessage(_ id: String) async throws -> RelayedMessage {
        guard let row = try await read("SELECT * FROM relayed_message WHERE id = ?", [.text(id)]).first else { throw StoreError.notFound }
        return Self.message(from: row)
    }

    public func relayedMessages(of id: AnnouncementID) async throws -> [RelayedMessage] {
        try await read("SELECT * FROM relayed_message WHERE report_id = ? ORDER BY created_at DESC, id LIMIT 200", [.text(id.rawValue)])
            .map(Self.message(from:))
    }

    static func message(from row: some SQLiteColumns) -> RelayedMessage {
        RelayedMessage(
            id: row.column("id")?.string ?? "", reportID: AnnouncementID(row.column("report_id")?.string ?? ""),
            senderName: row.column("sender_name")?.string ?? "", senderEmail: row.column("sender_email")?.string ?? "",
            client: row.column("client")?.string ?? "", body: row.column("body")?.string ?? "", trait: row.column("trait")?.string,
            createdAt: Date(timeIntervalSince1970: row.column("created_at")?.double ?? 0))
    }

    public func pruneMessages(before date: Date) async throws {
        try await write { try await $0.query("DELETE FROM relayed_message WHERE created_at < ?", [.float(date.timeIntervalSince1970)]) { _ in } }
    }

    public func lookUp(_ text: String, limit: Int) async throws -> [Announcement] {
        let terms = ModerationLookup(text)
        guard !terms.isEmpty else { return [] }
        return try await read(
            """
            SELECT * FROM announcement WHERE id = ? OR (length(?) >= 8 AND substr(id, 1, length(?)) = ?) OR \(Self.sameAddress("email", as: terms.email))
                OR phone = ? OR (? <> '' AND replace(replace(phone, ' ', ''), '-', '') = ?) OR microchip_number = ?
            ORDER BY created_at DESC, id DESC LIMIT \(max(1, limit))
            """,
            [
                .text(terms.id), .text(terms.id), .text(terms.id), .text(terms.id), .text(terms.email), .text(terms.raw),
                .text(terms.digits), .text(terms.digits), .text(terms.digits),
            ]
        ).map(Self.announcement(from:))
    }
}
