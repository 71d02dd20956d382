import Foundation
import Hummingbird

/// Recent list answers, body and `Link` header as sent, so a burst of identical searches costs one
/// query. An answer lives at most `lifetime` (writes by other instances sharing the database show within
/// it) and every local write drops them all (`ListCacheInvalidation`). A list that was already reading
/// when a write finished does not store its answer, since it may predate the write (`generation`).
/// At most `capacity` answers are kept; when full, expired ones go, and new ones wait for room.
final class ListResponseCache: @unchecked Sendable {
    /// One cached answer.
    struct Entry: Sendable {
        var body: ByteBuffer
        var link: String?
        var stored: ContinuousClock.Instant
    }

    let lifetime: Duration
    let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var writes = 0

    init(lifetime: Duration, capacity: Int = 1000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// Path and query items in sorted order, so `?a=1&b=2` and `?b=2&a=1` share an answer.
    static func key(path: String, query: String?) -> String {
        path + "?" + (query ?? "").split(separator: "&").sorted().joined(separator: "&")
    }

    /// The answer for `key` if it is younger than `lifetime`.
    func answer(for key: String, now: ContinuousClock.Instant = .now) -> Entry? {
        lock.withLock {
            guard let entry = entries[key], now - entry.stored < lifetime else { return nil }
            return entry
        }
    }

    /// Taken before reading the store; `store` refuses the answer if a write finished since.
    var generation: Int { lock.withLock { writes } }

    func store(_ entry: Entry, for key: String, generation: Int) {
        lock.withLock {
            guard generation == writes else { return }
            if entries.count >= capacity {
                entries = entries.filter { entry.stored - $0.value.stored < lifetime }
            }
            if entries.count < capacity { entries[key] = entry }
        }
    }

    /// A write finished: every answer may be stale.
    func invalidate() {
        lock.withLock {
            writes += 1
            entries.removeAll(keepingCapacity: true)
        }
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
