import Foundation
import HTTPTypes
import Hummingbird
import PetSpotStore

/// Answers 503 when a request is not answered within `limit` (30 s; issue 24 item 4): a safety net
/// behind the store's own bound (PostgreSQL: no connection and an unreachable server is
/// `StoreError.unavailable`). At the deadline the handler is cancelled and the client is told to retry.
/// Uploads (multipart bodies, which may stream for minutes) are bounded by the connection's body deadline.
struct RequestDeadlineMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let limit: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true { return try await next(request, context) }
        let limit = limit
        return try await withoutActuallyEscaping(next) { next in
            // The group ends only when both children have: `next` never outlives this call.
            let handler = UncheckedSendableBox(next)
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await handler.value(request, context) }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw Self.unavailable }
                return response
            }
        }
    }

    static let unavailable: APIError = {
        var error = APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "Service temporarily unavailable, try again later")
        error.headers[.retryAfter] = "5"
        return error
    }()
}
