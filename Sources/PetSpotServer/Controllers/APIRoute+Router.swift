import HTTPTypes
import Hummingbird
import PetSpotAPI

extension RouterMethods {
    /// Routes an operation of the API's route table at its method and `APIRoute.pattern`; one that
    /// `refusesOtherSites` answers a browser's request from another site 403.
    @discardableResult
    func on<Answer: ResponseGenerator>(_ route: APIRoute, use handler: @Sendable @escaping (Request, Context) async throws -> Answer) -> Self {
        let method = HTTPRequest.Method(route.method) ?? .get
        guard route.refusesOtherSites else { return on(RouterPath(route.pattern), method: method, use: handler) }
        return on(RouterPath(route.pattern), method: method) { request, context -> Answer in
            guard WebSession.isSameOrigin(request, signed: false) else { throw APIError.otherSite }
            return try await handler(request, context)
        }
    }
}

extension APIError {
    static let otherSite = APIError(
        status: .forbidden, code: .unauthorized, message: "This request is accepted from PetSpot's own pages and apps only")
}
