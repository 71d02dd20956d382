/// What moderation did to a report that its reporter is told about by e-mail.
public enum ModerationNotice: String, Sendable {
    /// Held for review after flags.
    case held
    /// Hidden by an operator.
    case hidden
    /// Removed by an operator.
    case removed
    /// Closed as a duplicate of another report.
    case duplicate
}
