import Foundation
import HTTPTypes
import Hummingbird
import PetSpotStore

/// Answers 503 when a request is not answered within `limit` (30 s): a safety net
/// behind the store's own bound (PostgreSQL: no connection and an unreachable server is
/// `StoreError.unavailable`). At the deadline the handler is cancelled and the client is told to retry.
/// Uploads (multipart bodies, which may stream for minutes) are bounded by the connection's body deadline.
/// The wait is one shared ticker (`DeadlineWatch`), not a timer per request: a sleeping child task cost
/// a dispatch timer each, a tenth of a list answer served from memory.
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
        let limit = limit, watch = watch
        return try await withoutActuallyEscaping(next) { next in
            // The group ends only when both children have: `next` never outlives this call.
            let handler = UncheckedSendableBox(next)
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await handler.value(request, context) }
                group.addTask {
                    await watch.wait(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw Self.unavailable }
                return response
            }
        }
    }

    static let unavailable: APIError = {
        var error = APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "Service temporarily unavailable, try again later")
        error.headers[.retryAfter] = "5"
        return error
    }()
}

/// Waits until a deadline passes or the waiting task is cancelled, whichever comes first. One ticker
/// task, running only while someone waits, wakes the waiters whose deadline has passed every `tick`.
final class DeadlineWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var waiters: [UInt64: (deadline: ContinuousClock.Instant, wake: CheckedContinuation<Void, Never>)] = [:]
    private var nextID: UInt64 = 0
    private var ticking = false
    let tick: Duration

    init(tick: Duration = .milliseconds(200)) { self.tick = tick }

    func wait(for limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        let id = lock.withLock { () -> UInt64 in
            nextID += 1
            return nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (wake: CheckedContinuation<Void, Never>) in
                // Under the lock the cancellation handler takes too: either it ran before (and found
                // nothing to wake) or it will find this waiter.
                enum Next { case resume, wait, startTicker }
                let next: Next = lock.withLock {
                    if Task.isCancelled { return .resume }
                    waiters[id] = (deadline, wake)
                    if ticking { return .wait }
                    ticking = true
                    return .startTicker
                }
                switch next {
                case .resume: wake.resume()
                case .startTicker: Task.detached { await self.runTicker() }
                case .wait: break
                }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: id) }?.wake.resume()
        }
    }

    private func runTicker() async {
        while true {
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let (due, stop): ([CheckedContinuation<Void, Never>], Bool) = lock.withLock {
                let expired = waiters.filter { $0.value.deadline <= now }
                for id in expired.keys { waiters.removeValue(forKey: id) }
                if waiters.isEmpty { ticking = false }
                return (expired.map(\.value.wake), waiters.isEmpty)
            }
            for wake in due { wake.resume() }
            if stop { return }
        }
    }
}
