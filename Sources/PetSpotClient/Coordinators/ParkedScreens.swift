/// Screens a flow's Back took off its path, kept with what was typed on them (valid or not) until the
/// person comes forward to them again or the flow ends (seed 001: Back preserves all entered data).
/// Both report coordinators keep theirs here.
struct ParkedScreens<Route: Hashable> {
    private var screens: [Route: AnyObject] = [:]

    /// `screen` while `route` is on `path`; otherwise parks it and answers nil.
    mutating func keep<Screen: AnyObject>(_ screen: Screen?, as route: Route, on path: [Route]) -> Screen? {
        guard let screen, !path.contains(route) else { return screen }
        screens[route] = screen
        return nil
    }

    /// The screen parked for `route`, taken back.
    mutating func take<Screen: AnyObject>(_ route: Route, as type: Screen.Type) -> Screen? {
        screens.removeValue(forKey: route) as? Screen
    }

    mutating func removeAll() { screens = [:] }
}

/// The steps both flows share, shown the same way: the screen Back parked for the route, or a new one,
/// wired to go on and to go back.
@MainActor
extension ParkedScreens {
    /// The details step (Found 2/3, Missing 3/4) on `flowState`: a valid Continue calls `next`.
    mutating func detailsStep<Step: PetDetailsStepViewModel>(
        _ route: Route, flowState: any PetReportFlowStateProtocol,
        dependencies: ReportFlowDependencies, next: @escaping () -> Void,
        back: @escaping () -> Void
    ) -> Step {
        let step =
            take(route, as: Step.self)
            ?? Step(
                flowState: flowState, toastScheduler: dependencies.makeToastScheduler(), locationProvider: dependencies.locationProvider,
                strings: dependencies.strings, now: dependencies.now)
        step.onValid = next
        step.onBack = back
        return step
    }

    /// The contact step (Found 3/3, Missing 4/4), made by `make`: once the report is sent, `sent` gets
    /// its management password (nil: the caller wires the step's own callback).
    mutating func contactStep<Step: ContactStepViewModel>(
        _ route: Route, make: () -> Step, sent: ((String) -> Void)?,
        back: @escaping () -> Void
    ) -> Step {
        let step = take(route, as: Step.self) ?? make()
        if let sent { step.onSent = sent }
        step.onBack = back
        return step
    }
}
