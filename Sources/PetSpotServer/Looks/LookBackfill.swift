import Foundation
import Logging
import PetSpotDomain
import PetSpotStore

/// `petspot model embed`: makes the looks of every photo still waiting for one (photos stored before
/// look-alikes, or while the model was not installed), on the database and photo store `serve` uses, with
/// the progress said as it goes. The queue is kept in the database, so a stopped run carries on where it
/// stopped, and a server running at the same time shares the work.
public enum LookBackfill {
    public struct Progress: Sendable, Equatable {
        public var done: Int
        public var total: Int
        /// Milliseconds per photo so far.
        public var millisecondsEach: Double
    }

    /// Runs until the queue is empty; answers how many photos were looked at. `report` hears after each batch.
    public static func run(
        _ configuration: ServerConfiguration, batch: Int = 16, logger: Logger = Logger(label: "petspot.looks"),
        report: @escaping @Sendable (Progress) -> Void
    ) async throws -> Int {
        let photos = try PhotoStorage(dataDirectory: configuration.dataDirectory, objects: try configuration.photoStore.objects(logger: logger))
        return try await StorageSelection.withStore(configuration, logger: logger) { store in
            let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: configuration.linkBaseURL)
            let looks = LooksService(
                store: store, photos: photos, notifier: notifier, files: configuration.looksFiles, lockout: LockoutPolicy(store: store),
                logger: logger)
            guard looks.isOn else { throw LooksOff(message: looks.status.message) }
            let total = try await store.queuedLookCount()
            let started = ContinuousClock.now
            var done = 0
            while true {
                let made = try await looks.makeQueuedLooks(batch: batch)
                guard made > 0 else { return done }
                done += made
                let elapsed = (ContinuousClock.now - started).milliseconds
                report(Progress(done: done, total: max(total, done), millisecondsEach: elapsed / Double(done)))
            }
        }
    }

    /// Look-alikes are off: the model is not installed (`message` says how to install it).
    public struct LooksOff: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
