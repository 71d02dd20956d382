/// Where copied text goes (the system pasteboard in the app, a recorder in tests).
@MainActor
public protocol Clipboard: AnyObject {
    func copy(_ text: String)
}
