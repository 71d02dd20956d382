import Foundation
import PetSpotDomain

/// Blocks, kept messages, look-ups and operators in memory.
extension InMemoryStore {
    public func addBlock(_ block: Block, audit: AuditEntry) {
        moderation.blocks.append(block)
        appendAudit(audit)
    }

    public func liftBlock(id: String, audit: AuditEntry) throws {
        guard moderation.blocks.contains(where: { $0.id == id }) else { throw StoreError.notFound }
        moderation.blocks.removeAll { $0.id == id }
        appendAudit(audit)
    }

    public func blocks(activeAt date: Date) -> [Block] {
        moderation.blocks.filter { $0.isActive(at: date) }.sorted { ($1.createdAt, $0.id) < ($0.createdAt, $1.id) }
    }

    public func moderationStats() -> ModerationStats {
        let open = moderation.items.values.filter { $0.state != "DONE" }
        return ModerationStats(
            queued: open.count, held: open.filter { $0.state == "HELD" }.count,
            oldestFlaggedAt: open.map(\.firstFlaggedAt).min())
    }

    @discardableResult public func recordMessage(_ message: RelayedMessage) -> Bool {
        guard moderation.messages[message.id] == nil else { return false }
        moderation.messages[message.id] = message
        return true
    }

    public func relayedMessage(_ id: String) throws -> RelayedMessage {
        guard let message = moderation.messages[id], announcements[message.reportID] != nil else { throw StoreError.notFound }
        return message
    }

    public func relayedMessages(of id: AnnouncementID) -> [RelayedMessage] {
        moderation.messages.values.filter { $0.reportID == id }.sorted { ($1.createdAt, $0.id) < ($0.createdAt, $1.id) }
    }

    public func pruneMessages(before date: Date) {
        moderation.messages = moderation.messages.filter { $0.value.createdAt >= date }
    }

    public func lookUp(_ text: String, limit: Int) -> [Announcement] {
        let terms = ModerationLookup(text)
        guard !terms.isEmpty else { return [] }
        return Array(
            announcements.values.map(\.announcement).filter(terms.matches)
                .sorted { (Timestamp.string($0.createdAt), $0.id.rawValue) > (Timestamp.string($1.createdAt), $1.id.rawValue) }
                .prefix(max(1, limit)))
    }

    public func addOperator(_ account: OperatorAccount) throws {
        guard moderation.operators[account.name] == nil else { throw StoreError.conflict(field: "name") }
        moderation.operators[account.name] = account
    }

    public func operatorAccount(named name: String) -> OperatorAccount? { moderation.operators[name] }

    public func operatorAccounts() -> [OperatorAccount] { moderation.operators.values.sorted { $0.name < $1.name } }

    public func removeOperator(named name: String) throws {
        guard moderation.operators.removeValue(forKey: name) != nil else { throw StoreError.notFound }
        moderation.lastSteps[name] = nil
    }

    public func enrolOperator(named name: String) { moderation.operators[name]?.enrolled = true }

    public func endOperatorSessions(named name: String, at: Date) {
        guard let ended = moderation.operators[name]?.sessionsEndedAt else { return }
        moderation.operators[name]?.sessionsEndedAt = max(ended, at)
    }

    public func resetOperator(named name: String, passwordHash: String, totpSecret: String) throws {
        guard moderation.operators[name] != nil else { throw StoreError.notFound }
        moderation.operators[name]?.passwordHash = passwordHash
        moderation.operators[name]?.totpSecret = totpSecret
        moderation.operators[name]?.enrolled = false
    }

    public func takeTOTPStep(_ step: Int64, operator name: String) -> Bool {
        guard moderation.operators[name] != nil, (moderation.lastSteps[name] ?? 0) < step else { return false }
        moderation.lastSteps[name] = step
        return true
    }
}
