import HTTPTypes
import Hummingbird
import PetSpotAPI

extension RouterMethods {
    /// Routes an operation of the API's route table at its method and `APIRoute.pattern`.
    @discardableResult
    func on(_ route: APIRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(route.pattern), method: HTTPRequest.Method(route.method) ?? .get, use: handler)
    }
}
