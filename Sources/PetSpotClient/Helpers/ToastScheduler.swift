/// Runs one pending action (hiding a toast) after a delay measured on an injected clock. Scheduling
/// again replaces the pending action, so re-showing a toast restarts its timer.
@MainActor
public final class ToastScheduler {
    private let makeSleep: @Sendable (Duration) -> @Sendable () async throws -> Void
    private var pending: Task<Void, Never>?

    /// A scheduler on `clock`; tests pass a clock they advance by hand.
    public init<C: Clock>(clock: C) where C.Duration == Duration {
        makeSleep = { duration in
            let deadline = clock.now.advanced(by: duration)
            return { try await clock.sleep(until: deadline, tolerance: nil) }
        }
    }

    /// A scheduler on the continuous clock.
    public convenience init() {
        self.init(clock: ContinuousClock())
    }

    /// Runs `handler` once `duration` has passed, unless cancelled or replaced first.
    public func schedule(after duration: Duration, _ handler: @escaping @MainActor () -> Void) {
        pending?.cancel()
        let sleep = makeSleep(duration)
        pending = Task { @MainActor in
            do { try await sleep() } catch { return }
            guard !Task.isCancelled else { return }
            handler()
        }
    }

    /// Drops the pending action.
    public func cancel() {
        pending?.cancel()
        pending = nil
    }

    /// Waits until the pending action has run or been dropped.
    public func settle() async {
        await pending?.value
    }
}
