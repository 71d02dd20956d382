import Foundation
import PetSpotDomain
import PostgresNIO

/// The audit trail, blocks, kept messages, and look-ups on PostgreSQL.
extension PostgresStore {
    public func appendAudit(_ entry: AuditEntry) async throws {
        try await leased { try await append(entry, on: $0) }
    }

    public func auditTrail(before sequence: Int64?, limit: Int) async throws -> [AuditEntry] {
        try await rows(
            """
            SELECT seq, at, actor, action, item_kind, item_id, detail FROM moderation_audit
            WHERE seq < \(sequence ?? .max) ORDER BY seq DESC LIMIT \(max(1, limit))
            """
        ).map { row in
            let (seq, at, actor, action, kind, id, detail) = try row.decode((Int64, Double, String, String, String, String, String).self)
            return AuditEntry(
                sequence: seq, at: Date(timeIntervalSince1970: at), actor: actor, action: action, itemKind: kind, itemID: id,
                detail: detail)
        }
    }

    public func addBlock(_ block: Block, audit: AuditEntry) async throws {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO moderation_block (id, kind, value, scope, until_at, reason, created_by, created_at, source)
                VALUES (\(block.id), \(block.kind.rawValue), \(block.value), \(block.scope.rawValue), \(block.until?.timeIntervalSince1970),
                        \(block.reason), \(block.createdBy), \(block.createdAt.timeIntervalSince1970), \(block.source))
                """, logger: logger)
            try await append(audit, on: connection)
        }
    }

    public func liftBlock(id: String, audit: AuditEntry) async throws {
        try await transaction { connection in
            guard try await !connection.query("DELETE FROM moderation_block WHERE id = \(id) RETURNING id", logger: logger).collect().isEmpty
            else { throw StoreError.notFound }
            try await append(audit, on: connection)
        }
    }

    public func blocks(activeAt date: Date) async throws -> [Block] {
        try await rows(
            """
            SELECT id, kind, value, scope, until_at, reason, created_by, created_at, source FROM moderation_block
            WHERE until_at IS NULL OR until_at > \(date.timeIntervalSince1970) ORDER BY created_at DESC, id
            """
        ).map { row in
            let (id, kind, value, scope, until, reason, by, at, source) =
                try row.decode((String, String, String, String, Double?, String, String, Double, String?).self)
            return Block(
                id: id, kind: Block.Kind(rawValue: kind) ?? .email, value: value, scope: Block.Scope(rawValue: scope) ?? .all,
                until: until.map(Date.init(timeIntervalSince1970:)), reason: reason, createdBy: by,
                createdAt: Date(timeIntervalSince1970: at), source: source)
        }
    }

    public func moderationStats() async throws -> ModerationStats {
        let row = try await rows(
            """
            SELECT COUNT(*)::int8, COUNT(*) FILTER (WHERE state = 'HELD')::int8, MIN(first_flagged_at)
            FROM moderation_item WHERE state IN ('OPEN', 'HELD')
            """
        ).first
        guard let (queued, held, oldest) = try row?.decode((Int, Int, Double?).self) else { return ModerationStats(queued: 0, held: 0, oldestFlaggedAt: nil) }
        return ModerationStats(queued: queued, held: held, oldestFlaggedAt: oldest.map(Date.init(timeIntervalSince1970:)))
    }

    @discardableResult public func recordMessage(_ message: RelayedMessage) async throws -> Bool {
        try await rows(
            """
            INSERT INTO relayed_message (id, report_id, sender_name, sender_email, client, body, trait, created_at)
            VALUES (\(message.id), \(message.reportID.rawValue), \(message.senderName), \(message.senderEmail), \(message.client),
                    \(message.body), \(message.trait), \(message.createdAt.timeIntervalSince1970))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """
        ).isEmpty == false
    }

    public func relayedMessage(_ id: String) async throws -> RelayedMessage {
        guard
            let row = try await rows(
                """
                SELECT id, report_id, sender_name, sender_email, client, body, trait, created_at FROM relayed_message WHERE id = \(id)
                """
            ).first
        else { throw StoreError.notFound }
        return try Self.message(from: row)
    }

    static func message(from row: PostgresRow) throws -> RelayedMessage {
        let (id, report, name, email, client, body, trait, at) = try row.decode((String, String, String, String, String, String, String?, Double).self)
        return RelayedMessage(
            id: id, reportID: AnnouncementID(report), senderName: name, senderEmail: email, client: client, body: body, trait: trait,
            createdAt: Date(timeIntervalSince1970: at))
    }

    public func relayedMessages(of id: AnnouncementID) async throws -> [RelayedMessage] {
        try await rows(
            """
            SELECT id, report_id, sender_name, sender_email, client, body, trait, created_at FROM relayed_message
            WHERE report_id = \(id.rawValue) ORDER BY created_at DESC, id LIMIT 200
            """
        ).map(Self.message(from:))
    }

    public func pruneMessages(before date: Date) async throws {
        _ = try await rows("DELETE FROM relayed_message WHERE created_at < \(date.timeIntervalSince1970)")
    }

    public func lookUp(_ text: String, limit: Int) async throws -> [Announcement] {
        let terms = ModerationLookup(text)
        guard !terms.isEmpty else { return [] }
        return try await rows(
            """
            SELECT * FROM announcement WHERE id = \(terms.id)
                OR (length(\(terms.id)) >= 8 AND left(id, length(\(terms.id))) = \(terms.id)) OR lower(email) = \(terms.email)
                OR phone = \(terms.raw) OR (\(terms.digits) <> '' AND replace(replace(phone, ' ', ''), '-', '') = \(terms.digits))
                OR microchip_number = \(terms.digits)
            ORDER BY created_at DESC, id DESC LIMIT \(max(1, limit))
            """
        ).map(Self.announcement(from:))
    }
}
