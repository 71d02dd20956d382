import Foundation
import Hummingbird

/// Recent list answers, body and `Link` header as sent, so a burst of identical searches costs one
/// query. An answer lives at most `lifetime` (writes by other instances sharing the database show within
/// it) and every local write drops them all (`ListCacheInvalidation`). Requests for an answer being
/// made wait for it instead of making it again. An answer whose making overlapped a write is handed to
/// those already waiting but not kept, since it may predate the write. At most `capacity` answers are
/// kept; when full, expired ones go, and new ones are made without being kept until there is room.
final class ListResponseCache: @unchecked Sendable {
    /// One answer as sent.
    struct Answer: Sendable {
        var body: ByteBuffer
        var link: String?
    }

    private enum Slot {
        case ready(Answer, stored: ContinuousClock.Instant)
        case making(Task<Answer, any Error>)
    }

    let lifetime: Duration
    let capacity: Int
    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var writes = 0

    init(lifetime: Duration, capacity: Int = 1000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// Path and query items in sorted order, so `?a=1&b=2` and `?b=2&a=1` share an answer.
    static func key(path: String, query: String?) -> String {
        path + "?" + (query ?? "").split(separator: "&").sorted().joined(separator: "&")
    }

    /// The answer for `key`: kept if younger than `lifetime`, else the one being made, else `make`'s.
    func answer(for key: String, now: ContinuousClock.Instant = .now,
                make: @escaping @Sendable () async throws -> Answer) async throws -> Answer {
        enum Lookup { case kept(Answer), making(Task<Answer, any Error>), mine(Task<Answer, any Error>, generation: Int) }
        let lookup: Lookup = lock.withLock {
            switch slots[key] {
            case .ready(let answer, let stored) where now - stored < lifetime:
                return .kept(answer)
            case .making(let task):
                return .making(task)
            default:
                let task = Task { try await make() }
                if hasRoom(now: now) { slots[key] = .making(task) }
                return .mine(task, generation: writes)
            }
        }
        switch lookup {
        case .kept(let answer):
            return answer
        case .making(let task):
            return try await task.value
        case .mine(let task, let generation):
            do {
                let answer = try await task.value
                finish(key, generation: generation, with: answer)
                return answer
            } catch {
                finish(key, generation: generation, with: nil)
                throw error
            }
        }
    }

    /// A write finished: every answer may be stale.
    func invalidate() {
        lock.withLock {
            writes += 1
            slots.removeAll(keepingCapacity: true)
        }
    }

    /// Keeps a made answer unless a write finished since its making began (or it failed).
    private func finish(_ key: String, generation: Int, with answer: Answer?) {
        lock.withLock {
            guard generation == writes, case .making = slots[key] else { return }
            slots[key] = answer.map { .ready($0, stored: .now) }
        }
    }

    /// Called under the lock: whether one more slot fits, after dropping expired answers when full.
    private func hasRoom(now: ContinuousClock.Instant) -> Bool {
        if slots.count >= capacity {
            slots = slots.filter { _, slot in
                if case .ready(_, let stored) = slot { return now - stored < lifetime }
                return true
            }
        }
        return slots.count < capacity
    }
}

/// Drops the cached list answers once any request that may write (every method but GET, HEAD and
/// OPTIONS, API and web alike) has been handled, before its response goes out: the client that
/// wrote sees its write on its next list.
struct ListCacheInvalidation: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let cache: ListResponseCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        defer { cache.invalidate() }
        return try await next(request, context)
    }
}
