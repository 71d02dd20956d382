import Foundation

/// An operator's block: new reports, sightings, messages and subscriptions from an e-mail
/// address or a client network are refused, with a neutral message, until `until` (nil: until lifted).
public struct Block: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable {
        /// `value` is a mailbox key (`ContactRules.mailboxKey`).
        case email
        /// `value` is an IPv4 or IPv6 network in CIDR notation, or one client key.
        case network
    }

    /// What a block stops: everything, or (an owner's "this message is a scam") messages only.
    public enum Scope: String, Sendable {
        case all, messages
    }

    public var id: String
    public var kind: Kind
    public var value: String
    public var scope: Scope
    public var until: Date?
    public var reason: String
    public var createdBy: String
    public var createdAt: Date
    /// The flagged message that caused it, for a block an owner's flag put in place.
    public var source: String?

    public init(
        id: String = UUID().uuidString.lowercased(), kind: Kind, value: String, scope: Scope = .all, until: Date?,
        reason: String, createdBy: String, createdAt: Date, source: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.value = value
        self.scope = scope
        self.until = until
        self.reason = reason
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.source = source
    }

    public func isActive(at date: Date) -> Bool { until.map { $0 > date } ?? true }
}

/// One line of the audit trail: who did what to which item, when and why. Append-only.
public struct AuditEntry: Sendable, Equatable {
    /// Its place in the trail (assigned by the store; 0 before).
    public var sequence: Int64
    public var at: Date
    /// An operator's name, `system` for an automatic hold, `admin-token` for the API's admin DELETE.
    public var actor: String
    public var action: String
    public var itemKind: String
    public var itemID: String
    public var detail: String

    public init(sequence: Int64 = 0, at: Date, actor: String, action: String, itemKind: String = "", itemID: String = "", detail: String = "") {
        self.sequence = sequence
        self.at = at
        self.actor = actor
        self.action = action
        self.itemKind = itemKind
        self.itemID = itemID
        self.detail = detail
    }
}

/// A flagged item in the operators' queue.
public struct QueueEntry: Sendable, Equatable {
    public var item: FlaggedItem
    public var reportID: AnnouncementID
    /// Distinct clients that flagged it.
    public var flags: Int
    public var firstFlaggedAt: Date
    public var state: ModerationState

    public init(item: FlaggedItem, reportID: AnnouncementID, flags: Int, firstFlaggedAt: Date, state: ModerationState) {
        self.item = item
        self.reportID = reportID
        self.flags = flags
        self.firstFlaggedAt = firstFlaggedAt
        self.state = state
    }
}

/// A message relayed to a report's owner, kept for a while so that the owner can flag it and an operator
/// can read what was sent.
public struct RelayedMessage: Sendable, Equatable {
    public var id: String
    public var reportID: AnnouncementID
    public var senderName: String
    public var senderEmail: String
    public var client: String
    public var body: String
    /// The sender's answer to "what identifies it" (a missing pet's), for the owner to check.
    public var trait: String?
    public var createdAt: Date

    public init(
        id: String = UUID().uuidString.lowercased(), reportID: AnnouncementID, senderName: String, senderEmail: String,
        client: String, body: String, trait: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.reportID = reportID
        self.senderName = senderName
        self.senderEmail = senderEmail
        self.client = client
        self.body = body
        self.trait = trait
        self.createdAt = createdAt
    }
}

/// An operator of the console: a name, a scrypt password hash and a TOTP secret.
public struct OperatorAccount: Sendable, Equatable {
    public var name: String
    public var passwordHash: String
    /// Base32 TOTP secret; enrolment is done once a code from it was accepted.
    public var totpSecret: String
    public var enrolled: Bool
    public var createdAt: Date
    /// Sessions signed in at or before this moment are over (the operator signed out): checked on every
    /// console request, on every instance.
    public var sessionsEndedAt: Date

    public init(
        name: String, passwordHash: String, totpSecret: String, enrolled: Bool = false, createdAt: Date,
        sessionsEndedAt: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.name = name
        self.passwordHash = passwordHash
        self.totpSecret = totpSecret
        self.enrolled = enrolled
        self.createdAt = createdAt
        self.sessionsEndedAt = sessionsEndedAt
    }
}
