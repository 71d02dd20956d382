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

/// JSON answers: UTF-8, slashes unescaped (`/images/…`), keys in the contract's order (`OrderedJSON`).
enum JSONResponse {
    static func make(_ value: some OrderedJSON, status: HTTPResponse.Status = .ok) -> Response {
        var buffer = ByteBuffer()
        value.write(into: &buffer)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// The list answer, written without `JSONEncoder` (see `AnnouncementListJSON`), with its `Link` to the
    /// next page; its gzip form when there is one (the client accepts it), and `Vary: Accept-Encoding` always,
    /// so a shared cache keeps the two forms apart.
    static func list(_ body: ByteBuffer, gzipped: ByteBuffer? = nil, link: String? = nil) -> EarlyAnswer {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .vary: "Accept-Encoding"]
        if let link { headers[linkField] = link }
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        return EarlyAnswer(headers: headers, body: gzipped ?? body)
    }

    static let linkField = HTTPField.Name("Link")!
}

extension Response {
    /// An answer made ready in memory, as the router sends it.
    init(_ answer: EarlyAnswer) { self.init(status: .ok, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body)) }
}
