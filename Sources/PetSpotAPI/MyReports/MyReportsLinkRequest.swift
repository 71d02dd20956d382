/// The body of `POST /api/v1/my-reports`: the address to e-mail the "my reports" link to.
public struct MyReportsLinkRequest: Codable, Sendable, Equatable {
    public var email: String

    public init(email: String) { self.email = email }
}
