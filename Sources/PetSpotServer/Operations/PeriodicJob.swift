import Foundation
import Logging
import PetSpotDomain
import PetSpotStore
import ServiceLifecycle

/// Background work done once the database is migrated and then every `interval` until the server
/// stops: the alert sweeper (unconfirmed subscriptions deleted after 48 hours) and the check-in
/// scheduler. `work` answers how many things it did; a non-zero count is logged with `done`.
struct PeriodicJob: Service {
    let name: String
    let done: String
    let logger: Logger
    /// Rung once the database is migrated: the first run waits for it.
    let ready: Doorbell
    var interval: Duration = .seconds(3600)
    let work: @Sendable () async throws -> Int

    func run() async throws {
        try? await cancelWhenGracefulShutdown { await ready.wait(upTo: .seconds(365 * 86_400)) }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let count = try await work()
                if count > 0 { logger.info("\(name): \(done)", metadata: ["count": "\(count)"]) }
            } catch {
                logger.warning("\(name): failed", metadata: ["error": "\(error)"])
            }
            // Only the wait is cut short when the server shuts down, never a run halfway.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// Deletes unconfirmed alert subscriptions, with their addresses, once they are 48 hours old, and
    /// relayed messages kept for their owners to flag once they are 30 days old.
    static func alertSweeper(alerts: AlertService, moderation: ModerationService, logger: Logger, ready: Doorbell) -> PeriodicJob {
        PeriodicJob(name: "alerts", done: "unconfirmed subscriptions deleted", logger: logger, ready: ready) {
            try await moderation.pruneMessages()
            return try await alerts.expireUnconfirmed()
        }
    }

    /// Names the place of, and indexes the words of, reports filed before search kept them: the whole
    /// backlog at start, a batch at a time; nothing after.
    static func searchBackfill(service: AnnouncementService, logger: Logger, ready: Doorbell) -> PeriodicJob {
        PeriodicJob(name: "search", done: "reports indexed", logger: logger, ready: ready) { try await service.indexBacklog() }
    }

    /// The plans whose report entered a new days-gone band: the grown area's alerts, the day's e-mail.
    static func searchPlans(service: SearchPlanService, logger: Logger, ready: Doorbell, interval: Duration) -> PeriodicJob {
        PeriodicJob(name: "search plans", done: "advanced", logger: logger, ready: ready, interval: interval) { try await service.advance() }
    }

    /// Queues the due "still missing?" check-ins.
    static func checkInScheduler(service: CheckInService, logger: Logger, ready: Doorbell, interval: Duration) -> PeriodicJob {
        PeriodicJob(name: "check-ins", done: "queued", logger: logger, ready: ready, interval: interval) { try await service.sendDue() }
    }
}
