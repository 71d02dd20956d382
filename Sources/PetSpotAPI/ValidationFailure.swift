/// A rejected input: the contract's code, its exact message and the field it concerns.
public struct ValidationFailure: Error, Equatable, Sendable {
    public var code: APIErrorCode
    public var message: String
    public var field: String?

    public init(_ code: APIErrorCode, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
