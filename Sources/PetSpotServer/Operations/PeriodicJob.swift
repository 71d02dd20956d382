import Foundation
import Logging
import PetSpotDomain
import PetSpotStore
import ServiceLifecycle

/// Background work done once the database is migrated and then every `interval` until the server
/// stops: the alert sweeper (unconfirmed subscriptions deleted after 48 hours) and the check-in
/// scheduler. `work` answers how many things it did; a non-zero count is logged with `done`.
///
/// Paced: a run does one batch. A full batch (`batch` things) means more is waiting, and the next run
/// comes after a pause three times as long as the run took, so a backlog (after downtime, or a
/// benchmark's million reports) is worked off at a quarter of a core at most, never in a burst.
struct PeriodicJob: Service {
    let name: String
    let done: String
    let logger: Logger
    /// Rung once the database is migrated: the first run waits for it.
    let ready: Doorbell
    var interval: Duration = .seconds(3600)
    var batch = 200
    /// Told how many things each run did (the metrics' `petspot_background_items_total`).
    var onWork: @Sendable (Int) -> Void = { _ in }
    let work: @Sendable () async throws -> Int

    /// The wait after a run of `elapsed` that did `count` things: the interval, or a paced pause when more waits.
    func pause(after elapsed: Duration, count: Int) -> Duration {
        count >= batch ? max(elapsed * 3, .milliseconds(50)) : interval
    }

    func run() async throws {
        try? await cancelWhenGracefulShutdown { await ready.wait(upTo: .seconds(365 * 86_400)) }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let started = ContinuousClock.now
            var count = 0
            do {
                count = try await work()
                onWork(count)
                if count > 0 { logger.info("\(name): \(done)", metadata: ["count": "\(count)"]) }
            } catch is CancellationError {
                // The server is stopping, or failed to start: not a failure of the job.
            } catch {
                if !Task.isCancelled { logger.warning("\(name): failed", metadata: ["error": "\(error)"]) }
            }
            let wait = pause(after: ContinuousClock.now - started, count: count)
            // Only the wait is cut short when the server shuts down, never a run halfway.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
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

    /// Names the place of, and indexes the words of, reports filed before search kept them: the backlog
    /// from start, one paced batch at a time; nothing after.
    static func searchBackfill(service: AnnouncementService, logger: Logger, ready: Doorbell) -> PeriodicJob {
        PeriodicJob(name: "search", done: "reports indexed", logger: logger, ready: ready) { try await service.indexBacklog(batches: 1) }
    }

    /// The plans whose report entered a new days-gone band: the grown area's alerts, the day's e-mail.
    static func searchPlans(service: SearchPlanService, logger: Logger, ready: Doorbell, interval: Duration) -> PeriodicJob {
        PeriodicJob(name: "search plans", done: "due plans looked at", logger: logger, ready: ready, interval: interval) {
            try await service.advance(rounds: 1)
        }
    }

    /// Makes the looks of stored photos, a few at a time, soon after each is stored.
    static func looks(service: LooksService, logger: Logger, ready: Doorbell) -> PeriodicJob {
        var job = PeriodicJob(name: "looks", done: "photo looks made", logger: logger, ready: ready, interval: .seconds(2)) {
            try await service.makeQueuedLooks(batch: 8)
        }
        job.batch = 8
        return job
    }

    /// Queues the due "still missing?" check-ins.
    static func checkInScheduler(service: CheckInService, logger: Logger, ready: Doorbell, interval: Duration) -> PeriodicJob {
        PeriodicJob(name: "check-ins", done: "queued", logger: logger, ready: ready, interval: interval) { try await service.sendDue() }
    }
}
