extension ToastScheduler {
    /// Seed 002's spelling: `schedule(duration, handler)`.
    public func schedule(duration: Duration, handler: @escaping @MainActor () -> Void) {
        schedule(after: duration, handler)
    }

    /// The same with the delay in seconds, as `schedule(duration: 2.0)` writes it.
    public func schedule(duration seconds: Double, handler: @escaping @MainActor () -> Void) {
        schedule(after: .milliseconds(Int((seconds * 1000).rounded())), handler)
    }
}
