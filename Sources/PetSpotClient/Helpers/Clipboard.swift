/// Where copied text goes (the system pasteboard in the app, a recorder in tests).
@MainActor
public protocol Clipboard: AnyObject {
    func copy(_ text: String)
}

/// A clipboard that keeps the last copied text: the default where no system pasteboard is given.
@MainActor
public final class MemoryClipboard: Clipboard {
    public private(set) var text: String?

    public init() {}

    public func copy(_ text: String) { self.text = text }
}
