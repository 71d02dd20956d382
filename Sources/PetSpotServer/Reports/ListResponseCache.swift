import Foundation
import Hummingbird

/// Recent list answers, body and `Link` header as sent, so a burst of identical searches costs one
/// query. An answer is served for at most `lifetime` after it was last known to be the database's (writes
/// by other instances sharing the database show within it), and every local write drops them all
/// (`ListCacheInvalidation`).
///
/// - Requests for an answer being made wait for it instead of making it again.
/// - Once an answer has been kept for between half and nine tenths of its lifetime (drawn for each), the
///   next request for it starts making its successor and is still served the kept one, so a searched-for
///   answer is remade ahead of time instead of making everyone wait when it expires, and answers kept
///   together are not all remade in the same instant (either was the slowest percentile).
/// - With a `changeStamp` (the store's `listChangeStamp`, read before each query), remaking first reads
///   the stamp again: unchanged, nothing a list shows was written since, and the kept answer is renewed
///   without a search — for up to `renewalLimit` after its query (drawn between half and all of it), as
///   lists also move with the clock. Past that, the first asker after it expires has it renewed once more
///   and the next making searches, ahead of time when asked for often: after a quiet spell, every asker
///   would otherwise wait for a search at once.
/// - An answer whose making overlapped a write goes to those already waiting but is not kept, since it
///   may predate the write.
/// - At most `capacity` answers are kept; when full, expired ones go, and new ones are made without
///   being kept until there is room.
final class ListResponseCache: @unchecked Sendable {
    /// One answer as sent.
    struct Answer: Sendable {
        var body: ByteBuffer
        var etag: String
        /// The body gzipped, made once with the answer when it is kept (nil: too small to be worth it).
        var gzipped: ByteBuffer?
        var link: String?
        /// How many reports in it show a public e-mail or phone (`ContactQuota`).
        var publicContacts = 0
        /// In an answer made without contacts: how many reports' public e-mail or phone it leaves out.
        var withheldContacts = 0
    }

    /// A kept answer: known to be the database's since `began`, renewable by an unchanged `stamp` until `renewable`.
    private struct Kept {
        var answer: Answer
        var began: ContinuousClock.Instant
        var renewable: ContinuousClock.Instant
        var stamp: Int64?
        /// When the next request starts making its successor.
        var refresh: ContinuousClock.Instant
        /// Renewed once past `renewable`: the next making searches, whoever waits for it.
        var searchDue = false
    }

    private enum Slot {
        case kept(Kept)
        /// Being made; the answer it replaces is served meanwhile while it is fresh.
        case making(Task<Answer, any Error>, replacing: Kept?)
    }

    let lifetime: Duration
    let capacity: Int
    /// The store's list change stamp; nil: answers are remade on time alone.
    let changeStamp: (@Sendable () async throws -> Int64?)?
    /// How long after its query an answer may be renewed by an unchanged stamp: a list also changes as
    /// time passes (a report not confirmed for weeks leaves it), which no write marks.
    let renewalLimit: Duration
    /// Draws a number in a range: when each answer is refreshed and how long it may be renewed (tests draw
    /// the upper bound).
    let draw: @Sendable (ClosedRange<Double>) -> Double
    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var writes = 0

    init(
        lifetime: Duration, capacity: Int = 1000, renewalLimit: Duration = .seconds(60),
        changeStamp: (@Sendable () async throws -> Int64?)? = nil, draw: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.draw = draw
        self.lifetime = lifetime
        self.capacity = capacity
        self.renewalLimit = renewalLimit
        self.changeStamp = changeStamp
    }

    /// The answer for `key`: the kept one while fresh, else the one being made, else `make`'s.
    func answer(
        for key: String, now: ContinuousClock.Instant = .now,
        make: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        enum Found { case answer(Answer), making(Task<Answer, any Error>) }
        let found: Found = lock.withLock {
            if let answer = servable(key, now: now, { make }) { return .answer(answer) }
            switch slots[key] {
            case .making(let task, _): return .making(task)
            case .kept(let expired):
                // Not served, but renewed without a search when nothing changed.
                return .making(startMaking(key, now: now, replacing: expired, ahead: false, make))
            case nil: return .making(startMaking(key, now: now, replacing: nil, ahead: false, make))
            }
        }
        switch found {
        case .answer(let answer): return answer
        case .making(let task): return try await task.value
        }
    }

    /// The answer for `key` when one can be served at once (see `servable`); nil when it must be waited for.
    /// `make` is only formed when a successor is due.
    func ready(for key: String, now: ContinuousClock.Instant = .now, make: @autoclosure () -> Maker) -> Answer? {
        lock.withLock { servable(key, now: now, make) }
    }

    typealias Maker = @Sendable () async throws -> Answer

    /// Called under the lock: the kept answer while fresh (starting its successor once due), or the fresh
    /// one that an answer being made replaces.
    private func servable(_ key: String, now: ContinuousClock.Instant, _ make: () -> Maker) -> Answer? {
        switch slots[key] {
        case .kept(let kept) where now - kept.began < lifetime:
            if now >= kept.refresh { _ = startMaking(key, now: now, replacing: kept, ahead: true, make()) }
            return kept.answer
        case .making(_, let replacing?) where now - replacing.began < lifetime: return replacing.answer
        default: return nil
        }
    }

    /// A write finished: every answer may be stale.
    func invalidate() {
        lock.withLock {
            writes += 1
            slots.removeAll(keepingCapacity: true)
        }
    }

    /// Called under the lock: starts making `key`'s answer — or renewing `replacing`, when the change stamp
    /// has not moved since its query — kept when done unless a write finished meanwhile. `ahead`: the kept
    /// answer is served meanwhile, nobody waits for this making.
    private func startMaking(
        _ key: String, now: ContinuousClock.Instant, replacing: Kept?, ahead: Bool,
        _ make: @escaping @Sendable () async throws -> Answer
    ) -> Task<Answer, any Error> {
        let generation = writes
        let changeStamp = changeStamp, renewalLimit = renewalLimit
        let task = Task {
            do {
                let stamp = try? await changeStamp?()
                // Past its renewal limit, renewed once more only when an asker waits and it has not been yet.
                if let stamp, let replacing, replacing.stamp == stamp,
                    case let pastLimit = now >= replacing.renewable, !pastLimit || !(ahead || replacing.searchDue)
                {
                    var renewed = kept(replacing.answer, began: now, renewable: replacing.renewable, stamp: stamp)
                    renewed.searchDue = pastLimit
                    finish(key, generation: generation, with: renewed)
                    return replacing.answer
                }
                let answer = try await make()
                finish(key, generation: generation, with: kept(answer, began: now, renewable: now + renewalLimit * draw(0.5...1), stamp: stamp))
                return answer
            } catch {
                finish(key, generation: generation, with: nil)
                throw error
            }
        }
        if replacing != nil || hasRoom(now: now) { slots[key] = .making(task, replacing: replacing) }
        return task
    }

    /// `answer` kept from `began`, with its refresh point drawn.
    private func kept(_ answer: Answer, began: ContinuousClock.Instant, renewable: ContinuousClock.Instant, stamp: Int64?) -> Kept {
        Kept(answer: answer, began: began, renewable: renewable, stamp: stamp, refresh: began + lifetime * draw(0.5...0.9))
    }

    private func finish(_ key: String, generation: Int, with kept: Kept?) {
        lock.withLock {
            guard generation == writes, case .making = slots[key] else { return }
            slots[key] = kept.map { .kept($0) }
        }
    }

    /// Called under the lock: whether one more slot fits, after dropping expired answers when full.
    private func hasRoom(now: ContinuousClock.Instant) -> Bool {
        if slots.count >= capacity {
            slots = slots.filter { _, slot in
                if case .kept(let kept) = slot { return now - kept.began < lifetime }
                return true
            }
        }
        return slots.count < capacity
    }
}

/// Drops the cached lists once a possible write (any method but GET, HEAD, OPTIONS) answered below 400, before
/// its answer goes out (the writer sees its write); a refused one drops nothing: no stranger empties it.
struct ListCacheInvalidation: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let cache: ListResponseCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        let response = try await next(request, context)
        if response.status.code < 400 { cache.invalidate() }
        return response
    }
}
