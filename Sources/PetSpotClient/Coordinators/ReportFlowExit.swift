/// What leaving a report flow means for both coordinators: `exitFlow()` dismisses it and clears every
/// field at once (seed 002 calls it from its synchronous callbacks), and starts deleting the cached photo
/// (`clearing`); `exitFlow() async` also waits for that.
@MainActor
public protocol ReportFlowExit: AnyObject {
    func exitFlow()
    /// The cached photo's deletion the last exit started.
    var clearing: Task<Void, Never>? { get }
}

extension ReportFlowExit {
    /// Ends the flow and waits until the cached photo is deleted too.
    public func exitFlow() async {
        let dismiss: () -> Void = exitFlow
        dismiss()
        await clearing?.value
    }
}
