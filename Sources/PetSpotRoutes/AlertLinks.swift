/// The links of one subscription's e-mails, signed by the server (`KeyedTokens`).
public struct AlertLinks: Sendable {
    public var confirm: String
    public var manage: String
    /// The one-click unsubscribe (RFC 8058: a POST to it unsubscribes; a GET shows a button).
    public var unsubscribe: String

    public init(confirm: String, manage: String, unsubscribe: String) {
        self.confirm = confirm
        self.manage = manage
        self.unsubscribe = unsubscribe
    }
}
