import Foundation

/// What can be flagged: a report, a sighting, or a message relayed to a report's owner.
public enum FlaggedKind: String, Sendable, Codable, CaseIterable {
    case report, sighting, message
}

/// One flaggable thing: its kind and id.
public struct FlaggedItem: Sendable, Hashable {
    public var kind: FlaggedKind
    public var id: String

    public init(_ kind: FlaggedKind, _ id: String) {
        self.kind = kind
        self.id = id
    }
}

/// Why someone flags an item: the reasons PawBoost, Petco Love Lost and Pet FBI offer, in one list.
public enum FlagReason: String, Sendable, Codable, CaseIterable {
    case scam = "SCAM"
    case offensive = "OFFENSIVE"
    case spam = "SPAM"
    case duplicate = "DUPLICATE"
    case petHome = "PET_HOME"
    case other = "OTHER"
}

/// Where a flagged report or sighting stands. Visible is the default and is stored as nothing.
public enum ModerationState: String, Sendable, Codable {
    case visible = "VISIBLE"
    /// Flagged by enough distinct clients: out of every public list until an operator decides.
    case held = "HELD"
    /// Hidden by an operator.
    case hidden = "HIDDEN"
    /// A duplicate of another report, which its page points to.
    case duplicate = "DUPLICATE"
}

/// One client's flag on an item.
public struct Flag: Sendable, Equatable {
    public var item: FlaggedItem
    /// The report the item belongs to (the report itself for a report).
    public var reportID: AnnouncementID
    /// Who flagged it: a client key (IPv4 address or IPv6 /64), or `owner` for the owner's own word.
    public var client: String
    public var reason: FlagReason
    public var detail: String?
    /// For `duplicate`: the report this one repeats.
    public var duplicateOf: AnnouncementID?
    public var createdAt: Date
    /// What the flag counts toward a hold, in halves: a fresh network's flag counts one (2), a flag from
    /// a network with a history here one and a half (3).
    public var weight: Int

    /// A flag's weight from a network never seen before (and the owner's word).
    public static let freshWeight = 2
    /// A flag's weight from a network that filed or confirmed something at least a day before.
    public static let knownWeight = 3

    public init(
        item: FlaggedItem, reportID: AnnouncementID, client: String, reason: FlagReason, detail: String? = nil,
        duplicateOf: AnnouncementID? = nil, createdAt: Date, weight: Int = Flag.freshWeight
    ) {
        self.weight = weight
        self.item = item
        self.reportID = reportID
        self.client = client
        self.reason = reason
        self.detail = detail
        self.duplicateOf = duplicateOf
        self.createdAt = createdAt
    }
}

/// A flag as typed on the web or sent to the API, and its one set of rules.
public struct FlagForm: Sendable, Equatable {
    public var reason: String
    public var detail: String
    public var duplicateOf: String

    public static let detailLimit = 500

    public init(reason: String = "", detail: String = "", duplicateOf: String = "") {
        self.reason = reason
        self.detail = detail
        self.duplicateOf = duplicateOf
    }

    /// A problem: the field and the key of its message.
    public struct Problem: Error, Sendable, Equatable {
        public var field: String
        public var key: String
        public init(field: String, key: String) {
            self.field = field
            self.key = key
        }
    }

    public struct Valid: Sendable, Equatable {
        public var reason: FlagReason
        public var detail: String?
        /// The text given for the duplicated report: an id, a short link or a link to its page.
        public var duplicateOf: String?
    }

    /// The form's problems, or its valid values.
    public func validated() -> Result<Valid, Problem> {
        guard let reason = FlagReason(rawValue: reason.trimmingCharacters(in: .whitespaces).uppercased()) else {
            return .failure(Problem(field: "reason", key: "flagReasonMissing"))
        }
        let detail = nonEmpty(self.detail)
        if self.detail.limitLength > Self.detailLimit { return .failure(Problem(field: "detail", key: "flagDetailLong")) }
        if reason == .other, detail == nil { return .failure(Problem(field: "detail", key: "flagDetailMissing")) }
        let duplicate = nonEmpty(duplicateOf)
        if reason == .duplicate, duplicate == nil { return .failure(Problem(field: "duplicateOf", key: "flagDuplicateMissing")) }
        if duplicateOf.limitLength > 200 { return .failure(Problem(field: "duplicateOf", key: "flagDuplicateMissing")) }
        return .success(Valid(reason: reason, detail: detail, duplicateOf: reason == .duplicate ? duplicate : nil))
    }

    /// The report id a duplicate's text names: the id itself, or the last path segment of a link to it.
    public static func reportReference(_ text: String) -> String {
        let withoutQuery = text.split(separator: "?").first.map(String.init) ?? text
        let parts = withoutQuery.split(separator: "/").map(String.init)
        return parts.last ?? text
    }
}

/// What a person typed, trimmed; nil when it has nothing but white space and control characters (the
/// rule the relay's name follows, and the API document's pattern says).
private func nonEmpty(_ text: String) -> String? {
    guard !RelayMessageForm.line(text, .max).isEmpty else { return nil }
    return text.replacingControlCharacters(allowingLines: true).trimmingCharacters(in: .whitespacesAndNewlines)
}
