extension Duration {
    /// The duration in milliseconds: for logs, progress and benchmarks.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
