import Foundation
import Logging
import PetSpotDomain
import PetSpotStore
import ServiceLifecycle

/// Deletes unconfirmed alert subscriptions (their addresses with them) once they are 48 hours old:
/// at start, then every hour, until the server stops.
struct AlertSweeper: Service {
    let store: any PetSpotStorage
    let logger: Logger
    /// Rung once the database is migrated: the first sweep waits for it.
    let ready: Doorbell
    var interval: Duration = .seconds(3600)

    func run() async throws {
        try? await cancelWhenGracefulShutdown { await ready.wait(upTo: .seconds(365 * 86_400)) }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let removed = try await store.expireSubscriptions(createdBefore: Date().addingTimeInterval(-AlertSubscription.confirmationLifetime))
                if removed > 0 { logger.info("alerts: unconfirmed subscriptions deleted", metadata: ["count": "\(removed)"]) }
            } catch {
                logger.warning("alerts: sweep failed", metadata: ["error": "\(error)"])
            }
            // Only the wait is cut short when the server shuts down, never a sweep halfway.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
