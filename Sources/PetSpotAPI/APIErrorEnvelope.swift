/// The error codes of the contract.
public enum APIErrorCode: String, Codable, Sendable {
    case missingValue = "MISSING_VALUE"
    case invalidFormat = "INVALID_FORMAT"
    case missingContact = "MISSING_CONTACT"
    case invalidField = "INVALID_FIELD"
    case invalidParameter = "INVALID_PARAMETER"
    case missingFile = "MISSING_FILE"
    case invalidFileFormat = "INVALID_FILE_FORMAT"
    case unauthenticated = "UNAUTHENTICATED"
    case invalidCredentials = "INVALID_CREDENTIALS"
    case unauthorized = "UNAUTHORIZED"
    case notFound = "NOT_FOUND"
    case conflict = "CONFLICT"
    case payloadTooLarge = "PAYLOAD_TOO_LARGE"
    case unsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE"
    case tooManyRequests = "TOO_MANY_REQUESTS"
    case internalServerError = "INTERNAL_SERVER_ERROR"
    case serviceUnavailable = "SERVICE_UNAVAILABLE"
    case insufficientStorage = "INSUFFICIENT_STORAGE"
}

/// Every error answer: `{"error":{"requestId","code","message"[,"field"]}}`, `field` left out when absent.
public struct APIErrorEnvelope: Codable, Sendable, Equatable {
    public struct Body: Codable, Sendable, Equatable {
        public var requestId: String
        public var code: String
        public var message: String
        public var field: String?

        public init(requestId: String, code: String, message: String, field: String? = nil) {
            self.requestId = requestId
            self.code = code
            self.message = message
            self.field = field
        }
    }

    public var error: Body
    public init(error: Body) { self.error = error }
}
