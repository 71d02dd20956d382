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
