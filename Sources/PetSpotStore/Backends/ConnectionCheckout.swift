import Foundation

/// A fixed set of connections, each lent to one task at a time (the SQLite writer is a set of one, so its
/// writes and transactions take turns). A SQLite connection that runs two statements at once reads both
/// from the snapshot the first one opened, so a lookup that overlapped a long list could miss a report
/// committed just before it; lending each connection exclusively makes every read see every write that
/// committed before it started.
final class ConnectionCheckout<Connection: Sendable>: @unchecked Sendable {
    let all: [Connection]
    private let lock = NSLock()
    private var idle: [Connection]
    private var waiters: [CheckedContinuation<Connection, any Error>] = []
    /// Set by `retire`: whoever asks from then on is refused, so no query ever runs on a closed connection
    /// (in a release build SQLite does not check its handle: a statement on a closed one crashes the process).
    private var retired = false

    init(_ connections: [Connection]) {
        all = connections
        idle = connections
    }

    func withConnection<T: Sendable>(_ body: (Connection) async throws -> T) async throws -> T {
        let connection = try await acquire()
        defer { release(connection) }
        return try await body(connection)
    }

    /// Refuses every later borrower (`StoreError.unavailable`), waits until each connection is back (the
    /// borrowers already waiting are served first) and returns them all, to be closed. A second call
    /// returns none.
    @discardableResult
    func retire() async throws -> [Connection] {
        let already = lock.withLock { () -> Bool in
            let was = retired
            retired = true
            return was
        }
        guard !already else { return [] }
        var back: [Connection] = []
        for _ in all { back.append(try await acquire(evenIfRetired: true)) }
        return back
    }

    private func acquire(evenIfRetired: Bool = false) async throws -> Connection {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Connection, any Error>) in
            lock.lock()
            if retired && !evenIfRetired {
                lock.unlock()
                continuation.resume(throwing: StoreError.unavailable)
            } else if let connection = idle.popLast() {
                lock.unlock()
                continuation.resume(returning: connection)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    private func release(_ connection: Connection) {
        lock.lock()
        if waiters.isEmpty {
            idle.append(connection)
            lock.unlock()
        } else {
            let next = waiters.removeFirst()
            lock.unlock()
            next.resume(returning: connection)
        }
    }
}

/// A value handed to a child task of a group its owner awaits to the end (so it never outlives the call).
package struct UncheckedSendableBox<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// A value guarded by a lock, for the rows a query callback collects.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func mutate<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
