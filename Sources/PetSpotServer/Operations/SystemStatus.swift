import Foundation
import PetSpotStore

/// What the operational endpoints tell: whether the database answers, the outbox's backlog and the
/// moderation figures for the metrics.
struct SystemStatus: Sendable {
    let store: any OutboxStore & ModerationStore
    /// Answers when the database can be queried right now; throws otherwise.
    let ping: @Sendable () async throws -> Void
    /// Whether look-alikes are on, and how to turn them on (`/api/ready`'s details).
    let looks: LookAlikesStatus

    /// True when the database answers within `limit`.
    func databaseAnswers(within limit: Duration = .seconds(2)) async -> Bool {
        let ping = ping
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await ping()) != nil }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    func outboxBacklog() async throws -> (pending: Int, oldest: Date?) { try await store.outboxBacklog() }

    func moderationStats() async throws -> ModerationStats { try await store.moderationStats() }
}
