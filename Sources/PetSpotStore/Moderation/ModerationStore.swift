import Foundation
import PetSpotDomain

/// What recording a flag did.
public enum FlagOutcome: Sendable, Equatable {
    /// Recorded; `held` when this flag put the item on hold.
    case recorded(held: Bool)
    /// This client flagged the item before: nothing changed.
    case alreadyFlagged
}

/// What an operator decides about an item.
public enum ModerationDecision: Sendable, Equatable {
    /// The flags were wrong: they are cleared and the item is (or stays) visible; a message's sender may
    /// write again.
    case dismiss
    /// Shown again after a hold or a hide; the flags are cleared.
    case restore
    case hide
    /// A report repeats `of`: its page points there and its sightings move there.
    case duplicate(of: AnnouncementID)
    case delete
}

/// The queue's figures, for `/metrics`.
public struct ModerationStats: Sendable, Equatable {
    public var queued: Int
    public var held: Int
    public var oldestFlaggedAt: Date?

    public init(queued: Int, held: Int, oldestFlaggedAt: Date?) {
        self.queued = queued
        self.held = held
        self.oldestFlaggedAt = oldestFlaggedAt
    }
}

/// Moderation: flags and the holds they cause, operators' decisions, blocks, the append-only
/// audit trail, relayed messages kept for a while, and the operators' accounts.
public protocol ModerationStore: Sendable {
    /// Records `flag`, once per client and item. When the weights of the distinct clients that flagged the
    /// item (`Flag.weight`) add up to `threshold`, holds it in the same transaction: a report or sighting leaves public view, the trail
    /// gets a `system` hold, and for a report what `onHold` makes of it is queued.
    func addFlag(_ flag: Flag, threshold: Int, onHold: @Sendable (Announcement) throws -> [OutboxEntry]) async throws -> FlagOutcome
    /// Items flagged and not yet decided, most flagged and oldest first, `offset` of them skipped (a page
    /// of the console's queue: however many are flagged, the operator reaches every one).
    func moderationQueue(limit: Int, offset: Int) async throws -> [QueueEntry]
    /// An item's flags, oldest first.
    func flags(on item: FlaggedItem) async throws -> [Flag]
    /// Applies `decision` to an item, appends `audit` and, for a report, queues what `outbox` makes of it,
    /// in one transaction. Returns the file of a deleted item's photo, for the caller to remove.
    /// `.notFound` when there is no such item (or no such original for a duplicate).
    func decide(
        _ item: FlaggedItem, _ decision: ModerationDecision, audit: AuditEntry,
        outbox: @Sendable (Announcement) throws -> [OutboxEntry]
    ) async throws -> String?
    func appendAudit(_ entry: AuditEntry) async throws
    /// The trail, newest first, from before `sequence` (nil: the newest).
    func auditTrail(before sequence: Int64?, limit: Int) async throws -> [AuditEntry]
    func addBlock(_ block: Block, audit: AuditEntry) async throws
    /// `.notFound` when there is no such block.
    func liftBlock(id: String, audit: AuditEntry) async throws
    /// The blocks in force at `date`, newest first.
    func blocks(activeAt date: Date) async throws -> [Block]
    func moderationStats() async throws -> ModerationStats
    /// Keeps a relayed message; false (nothing changed) when one with its id is kept already, so
    /// parallel sends of one queued message keep it once.
    @discardableResult func recordMessage(_ message: RelayedMessage) async throws -> Bool
    /// `.notFound` when it is gone (pruned, or its report deleted).
    func relayedMessage(_ id: String) async throws -> RelayedMessage
    func pruneMessages(before date: Date) async throws
    /// The messages kept for a report, newest first (for its owner).
    func relayedMessages(of id: AnnouncementID) async throws -> [RelayedMessage]
    /// Reports an operator looks for: by id or its start (a short link), e-mail, phone or chip number.
    func lookUp(_ text: String, limit: Int) async throws -> [Announcement]
    /// `.conflict("name")` when the name is taken.
    func addOperator(_ account: OperatorAccount) async throws
    func operatorAccount(named name: String) async throws -> OperatorAccount?
    /// Every operator, by name.
    func operatorAccounts() async throws -> [OperatorAccount]
    /// Removes operator `name`: its sessions open nothing more; the audit trail keeps what it did.
    /// `.notFound` for no such operator.
    func removeOperator(named name: String) async throws
    /// Ends every session of operator `name` signed in at or before `at` (sign-out). Nothing for no such operator.
    func endOperatorSessions(named name: String, at: Date) async throws
    func enrolOperator(named name: String) async throws
    /// A new password and TOTP secret for an operator who lost either; the authenticator is set up again
    /// at the next sign-in. `.notFound` for no such operator.
    func resetOperator(named name: String, passwordHash: String, totpSecret: String) async throws
    /// Takes TOTP time step `step` for the operator, atomically: false when it or a later one was taken
    /// (a code works once).
    func takeTOTPStep(_ step: Int64, operator name: String) async throws -> Bool
}

/// The moderation tables, the same on SQLite and PostgreSQL but for a few types.
enum ModerationSchema {
    static func tables(real: String, flag: String, idType: String, serial: String) -> [String] {
        [
            """
            CREATE TABLE moderation_flag (
                item_kind TEXT NOT NULL, item_id \(idType) NOT NULL, report_id \(idType) NOT NULL, client TEXT NOT NULL,
                reason TEXT NOT NULL, detail TEXT, duplicate_of TEXT, created_at \(real) NOT NULL,
                PRIMARY KEY (item_kind, item_id, client)
            )
            """,
            """
            CREATE TABLE moderation_item (
                item_kind TEXT NOT NULL, item_id \(idType) NOT NULL, report_id \(idType) NOT NULL, state TEXT NOT NULL,
                flags INTEGER NOT NULL, first_flagged_at \(real) NOT NULL, PRIMARY KEY (item_kind, item_id)
            )
            """,
            "CREATE INDEX moderation_item_queue ON moderation_item(state, flags, first_flagged_at)",
            """
            CREATE TABLE moderation_block (
                id TEXT PRIMARY KEY, kind TEXT NOT NULL, value TEXT NOT NULL, scope TEXT NOT NULL, until_at \(real),
                reason TEXT NOT NULL, created_by TEXT NOT NULL, created_at \(real) NOT NULL, source TEXT
            )
            """,
            """
            CREATE TABLE moderation_audit (
                seq \(serial), at \(real) NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
                item_kind TEXT NOT NULL, item_id TEXT NOT NULL, detail TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE relayed_message (
                id TEXT PRIMARY KEY, report_id \(idType) NOT NULL, sender_name TEXT NOT NULL, sender_email TEXT NOT NULL,
                client TEXT NOT NULL, body TEXT NOT NULL, created_at \(real) NOT NULL
            )
            """,
            "CREATE INDEX relayed_message_age ON relayed_message(created_at)",
            """
            CREATE TABLE operator (
                name TEXT PRIMARY KEY, password_hash TEXT NOT NULL, totp_secret TEXT NOT NULL,
                enrolled \(flag) NOT NULL, totp_last_step BIGINT NOT NULL DEFAULT 0, created_at \(real) NOT NULL
            )
            """,
            "ALTER TABLE announcement ADD COLUMN moderation TEXT",
            "ALTER TABLE announcement ADD COLUMN duplicate_of TEXT",
            "ALTER TABLE sighting ADD COLUMN moderation TEXT",
        ]
    }

    static let sqlite =
        tables(real: "REAL", flag: "INTEGER", idType: "TEXT", serial: "INTEGER PRIMARY KEY AUTOINCREMENT") + [
            // The trail is append-only: the database itself refuses to change or remove a line.
            "CREATE TRIGGER moderation_audit_no_update BEFORE UPDATE ON moderation_audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END",
            "CREATE TRIGGER moderation_audit_no_delete BEFORE DELETE ON moderation_audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END",
            """
            CREATE TRIGGER moderation_report_delete AFTER DELETE ON announcement BEGIN
                DELETE FROM relayed_message WHERE report_id = old.id;
                DELETE FROM moderation_flag WHERE report_id = old.id;
                DELETE FROM moderation_item WHERE report_id = old.id;
            END
            """,
        ]

    /// Sign-out's cutoff (seconds since 1970): a later migration, so databases made before it gain it.
    static func sessionsEnded(real: String) -> [String] {
        ["ALTER TABLE operator ADD COLUMN sessions_ended_at \(real) NOT NULL DEFAULT 0"]
    }

    static let postgres =
        tables(
            real: "DOUBLE PRECISION", flag: "BOOLEAN", idType: "TEXT COLLATE \"C\"",
            serial: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY") + [
            """
            CREATE FUNCTION moderation_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the audit trail is append-only'; END $$
            """,
            """
            CREATE TRIGGER moderation_audit_append_only BEFORE UPDATE OR DELETE ON moderation_audit
            FOR EACH STATEMENT EXECUTE FUNCTION moderation_audit_append_only()
            """,
        ]
        + ["relayed_message", "moderation_flag", "moderation_item"].map {
            "ALTER TABLE \($0) ADD FOREIGN KEY (report_id) REFERENCES announcement(id) ON DELETE CASCADE"
        }

    /// A relayed message keeps the sender's answer to "what identifies it", for the owner's page.
    static let messageTrait = (table: "relayed_message", column: "trait")

    /// The queue's states: flagged and visible, held, or decided.
    static let open = "OPEN", held = "HELD", done = "DONE"

    /// A report's public condition on `a`: nothing but visible reports are listed.
    static let listed = "a.moderation IS NULL"
}

extension ModerationStore {
    /// The queue's first `limit` items.
    public func moderationQueue(limit: Int) async throws -> [QueueEntry] { try await moderationQueue(limit: limit, offset: 0) }
}
