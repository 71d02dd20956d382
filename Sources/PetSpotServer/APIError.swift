import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotStore

/// An error on its way to becoming an envelope answer: status, contract code, message, field.
struct APIError: Error {
    var status: HTTPResponse.Status
    var code: APIErrorCode
    var message: String
    var field: String?
    var headers: HTTPFields = [:]

    static let notFound = APIError(status: .notFound, code: .notFound, message: "Resource not found")
    static let unavailable = APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "Place data is not available")
    static let storageFull = APIError(
        status: .init(code: 507, reasonPhrase: "Insufficient Storage"), code: .insufficientStorage,
        message: "The server has no room to store this now, try again later")
    static let internalError = APIError(status: .internalServerError, code: .internalServerError, message: "Internal server error")
    static let jsonTooLarge = APIError(
        status: .contentTooLarge, code: .payloadTooLarge,
        message: "Request payload exceeds maximum size limit (100KB)")
    static func unauthenticated(_ message: String) -> APIError {
        APIError(status: .unauthorized, code: .unauthenticated, message: message)
    }
    static func badRequest(_ code: APIErrorCode, _ message: String, field: String? = nil) -> APIError {
        APIError(status: .badRequest, code: code, message: message, field: field)
    }

    /// The envelope response.
    func response(requestID: String) -> Response {
        let envelope = APIErrorEnvelope(error: .init(requestId: requestID, code: code.rawValue, message: message, field: field))
        var response = JSONResponse.make(envelope, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}
