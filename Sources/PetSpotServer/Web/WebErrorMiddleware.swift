import Hummingbird
import NIOHTTP1
import PetSpotStore
import PetSpotWeb

/// The web's one mapping from what the use cases throw to pages, on the web's route group: whatever a
/// page's handler throws becomes an HTML page in the visitor's language, never the API's JSON envelope.
/// (The API's mapping is `APIError.from`.)
struct WebErrorMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let pages: WebPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch WebError.forbidden {
            return page(.forbiddenTitle, .forbiddenBody, status: .forbidden, request)
        } catch WebError.notMissing {
            return page(.sightingClosedTitle, .sightingClosedBody, status: .conflict, request)
        } catch WebError.tooLarge {
            return page(.formTooLargeTitle, .formTooLargeBody, status: .contentTooLarge, request)
        } catch WebError.notFound, StoreError.notFound {
            return page(.notFoundTitle, .notFoundBody, status: .notFound, request)
        } catch ModerationError.blocked {
            return page(.blockedTitle, .blockedBody, status: .forbidden, request)
        } catch ModerationError.underReview {
            return page(.underReviewTitle, .underReviewBody, status: .ok, request)
        } catch StoreError.unavailable {
            var response = page(.serverErrorTitle, .serverErrorBody, status: .serviceUnavailable, request)
            response.headers[.retryAfter] = RequestDeadlineMiddleware.unavailable.headers[.retryAfter]
            return response
        } catch StoreError.full {
            return page(.storageFullTitle, .storageFullBody, status: APIError.storageFull.status, request)
        } catch let error as HTTPParserError {
            // The browser hung up mid-form: the API's mapping answers (400), nobody is there to read a page.
            throw error
        } catch {
            // Logged by the envelope middleware's access log as a 500; the page tells nothing more.
            return page(.serverErrorTitle, .serverErrorBody, status: .internalServerError, request)
        }
    }

    private func page(_ titleKey: TextKey, _ bodyKey: TextKey, status: HTTPResponse.Status, _ request: Request) -> Response {
        pages.message(titleKey, bodyKey, status: status, request: request, session: pages.session(request))
    }
}
