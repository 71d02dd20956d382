import Foundation
import HTTPTypes
import Hummingbird
import PetSpotStore

/// Answers 503 when a request is not answered within `limit` (30 s): a safety net
/// behind the store's own bound (PostgreSQL: no connection and an unreachable server is
/// `StoreError.unavailable`). At the deadline the handler is cancelled and, once it has stopped, the client
/// is told to retry. Uploads (multipart bodies, which may stream for minutes) are bounded by the
/// connection's body deadline.
///
/// The handler runs in one task of its own, which the deadline can cancel without cancelling the
/// connection's task (that would also cancel the writing of the 503). The deadline is one shared ticker
/// (`DeadlineWatch`), not a timer or a waiting task per request: a task group with a waiting child beside
/// the handler cost a tenth of a list answer served from memory.
struct RequestDeadlineMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let limit: Duration
    let watch: DeadlineWatch

    init(limit: Duration) {
        self.limit = limit
        watch = DeadlineWatch(tick: min(.milliseconds(200), limit / 4))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true { return try await next(request, context) }
        return try await withoutActuallyEscaping(next) { next in
            // The handler's task is awaited before this returns, even when cancelled: `next` never outlives
            // this call.
            let handler = UncheckedSendableBox(next)
            let work = Task { try await handler.value(request, context) }
            let ticket = watch.start(limit) { work.cancel() }
            let result = await withTaskCancellationHandler {
                await work.result
            } onCancel: {
                work.cancel()
            }
            guard watch.finish(ticket) else { throw Self.unavailable }
            return try result.get()
        }
    }

    static let unavailable: APIError = {
        var error = APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "Service temporarily unavailable, try again later")
        error.headers[.retryAfter] = "5"
        return error
    }()
}

/// Deadlines of work in progress: one ticker task, running only while something is watched, calls the
/// `expire` of each piece of work whose deadline has passed, every `tick`.
final class DeadlineWatch: @unchecked Sendable {
    typealias Ticket = UInt64
    private let lock = NSLock()
    private var watched: [Ticket: (deadline: ContinuousClock.Instant, expire: @Sendable () -> Void)] = [:]
    private var nextTicket: Ticket = 0
    private var ticking = false
    let tick: Duration

    init(tick: Duration = .milliseconds(200)) { self.tick = tick }

    /// Watches work that must end within `limit`: `expire` is called once when it has not by then.
    func start(_ limit: Duration, expire: @escaping @Sendable () -> Void) -> Ticket {
        let deadline = ContinuousClock.now + limit
        let (ticket, startTicker) = lock.withLock { () -> (Ticket, Bool) in
            nextTicket += 1
            watched[nextTicket] = (deadline, expire)
            defer { ticking = true }
            return (nextTicket, !ticking)
        }
        if startTicker { Task.detached { await self.runTicker() } }
        return ticket
    }

    /// The work of `ticket` ended: true when in time, false when its deadline had passed (it was expired).
    func finish(_ ticket: Ticket) -> Bool {
        lock.withLock { watched.removeValue(forKey: ticket) } != nil
    }

    private func runTicker() async {
        while true {
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let (due, stop): ([@Sendable () -> Void], Bool) = lock.withLock {
                let expired = watched.filter { $0.value.deadline <= now }
                for ticket in expired.keys { watched.removeValue(forKey: ticket) }
                if watched.isEmpty { ticking = false }
                return (expired.map(\.value.expire), watched.isEmpty)
            }
            for expire in due { expire() }
            if stop { return }
        }
    }
}
