import Foundation
import Logging
import PetSpotDomain
import PetSpotStore
import ServiceLifecycle

/// The background service that drains the outbox: it claims due entries (a lease, so several server
/// instances can share one outbox and a dead one's claims come back), sends e-mails, runs match scans,
/// and marks each entry done exactly once. A failure is retried with a growing delay; a refusal for
/// good (an SMTP 5xx) stops at once. After a crash or restart it simply carries on with what is due.
public struct OutboxWorker: Service {
    /// The stores it needs, and no more.
    typealias Stores = OutboxStore
    let store: any Stores
    let delivery: any MailDelivery
    let notifier: ReportNotifier
    /// Nearby alerts' scans and digests; nil completes them without sending.
    var alerts: AlertService?
    /// "My reports" links; nil completes their entries without sending.
    var myReports: MyReportsService?
    let sender: MailAddress
    let doorbell: Doorbell
    /// Rung once the database is migrated; the worker waits for it before its first claim.
    let ready: Doorbell
    let logger: Logger
    var pollInterval: Duration = .seconds(2)
    var lease: TimeInterval = 120
    var maximumAttempts = 12
    /// Told how many entries each batch handled (the metrics).
    var onWork: @Sendable (Int) -> Void = { _ in }
    let now: @Sendable () -> Date

    /// Entries claimed at a time.
    static let batch = 20

    /// The delay before attempt `attempts + 1`: 5 s, 10 s, 20 s … at most an hour.
    static func backoff(afterAttempt attempts: Int) -> TimeInterval {
        min(3600, 5 * pow(2, Double(max(0, attempts - 1))))
    }

    public func run() async throws {
        await withGracefulShutdownHandler {
            await ready.wait(upTo: .seconds(365 * 86_400))
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let started = ContinuousClock.now
                let handled = await drainOnce()
                onWork(handled)
                if handled == 0 {
                    await doorbell.wait(upTo: pollInterval)
                } else if handled >= Self.batch {
                    // A backlog: worked off at half the pace it could go, never in one burst.
                    try? await Task.sleep(for: ContinuousClock.now - started)
                }
            }
        } onGracefulShutdown: {
            doorbell.ring()
            ready.ring()
        }
    }

    /// Claims and handles one batch; returns how many entries it handled.
    @discardableResult
    func drainOnce() async -> Int {
        let entries: [OutboxEntry]
        do {
            entries = try await store.claimOutbox(now: now(), lease: lease, limit: Self.batch)
        } catch {
            // Cancelled is the server stopping (or failing to start): nothing went wrong here.
            if !(error is CancellationError || Task.isCancelled) { logger.error("outbox: claiming failed", metadata: ["error": "\(error)"]) }
            return 0
        }
        for entry in entries {
            await handle(entry)
        }
        return entries.count
    }

    func handle(_ entry: OutboxEntry) async {
        do {
            switch entry.kind {
            case .email:
                try await send(try JSONDecoder().decode(MailContent.self, from: Data(entry.payload.utf8)), entry)
            case .codeMail:
                guard let mail = try await notifier.codeMail(entry) else {
                    _ = try await store.completeOutbox(entry.id, at: now(), notices: [])
                    return
                }
                try await send(mail, entry)
            case .matchScan:
                let notices = try await notifier.notices(forReport: AnnouncementID(entry.payload))
                _ = try await store.completeOutbox(entry.id, at: now(), notices: notices)
                logger.info("outbox: match scan done", metadata: ["entry": "\(entry.id)", "pairs": "\(notices.count)"])
                if !notices.isEmpty { doorbell.ring() }
            case .alertScan, .areaScan, .alertDigest:
                guard let alerts else {
                    _ = try await store.completeOutbox(entry.id, at: now(), notices: [])
                    return
                }
                try await (entry.kind == .alertDigest ? alerts.digest(entry) : alerts.scan(entry))
                logger.info("outbox: alert job done", metadata: ["entry": "\(entry.id)", "kind": "\(entry.kind.rawValue)"])
            case .myReportsLink:
                try await myReports?.sendLink(to: entry.payload)
                _ = try await store.completeOutbox(entry.id, at: now(), notices: [])
                doorbell.ring()
            case .sightingNotice:
                try await notifier.sendSightingNotice(entry)
                logger.info("outbox: sighting notice done", metadata: ["entry": "\(entry.id)"])
            }
        } catch {
            let permanent = (error as? SMTPError)?.isPermanent == true || error is DecodingError
            let retryAt =
                permanent || entry.attempts >= maximumAttempts
                ? nil : now().addingTimeInterval(Self.backoff(afterAttempt: entry.attempts))
            logger.warning(
                "outbox: attempt failed",
                metadata: [
                    "entry": "\(entry.id)", "attempt": "\(entry.attempts)", "error": "\(error)",
                    "retry": "\(retryAt.map { "\($0.timeIntervalSince1970)" } ?? "never")",
                ])
            try? await store.failOutbox(entry.id, error: String(describing: error), retryAt: retryAt)
        }
    }

    /// Sends `entry`'s e-mail and marks the entry done.
    private func send(_ mail: MailContent, _ entry: OutboxEntry) async throws {
        guard let recipient = MailAddress.addrSpec(mail.to) else { throw SMTPError.unusableRecipient }
        let message = MIMEMessage.render(mail, from: sender, id: entry.id, date: entry.createdAt)
        try await delivery.deliver(message, id: entry.id, date: entry.createdAt, from: sender, to: recipient)
        _ = try await store.completeOutbox(entry.id, at: now(), notices: [])
        logger.info("outbox: e-mail sent", metadata: ["entry": "\(entry.id)", "attempt": "\(entry.attempts)"])
    }
}
