extension ToastScheduler {
    /// Seed 002's spelling: `schedule(duration, handler)`.
    public func schedule(duration: Duration, handler: @escaping @MainActor () -> Void) {
        schedule(after: duration, handler)
    }
}
