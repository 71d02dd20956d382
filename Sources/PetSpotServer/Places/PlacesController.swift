import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotPlaces
import PetSpotRoutes

/// `GET /api/v1/places?q&limit&near` (search by name) and `GET /api/v1/places/reverse?lat&lng` (what a
/// point is called), from the embedded gazetteer.
struct PlacesController {
    let places: PlaceDirectory

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.places, use: search)
        router.on(.reversePlace, use: reverse)
    }

    @Sendable func search(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        // `q=Nowy+Targ` as a form sends it, and `q=Nowy%20Targ`, both mean "Nowy Targ".
        let parameters = try PlaceSearchParameters(FormBody.query(request, droppingControls: false).mapValues { [$0] })
        guard let gazetteer = await places.gazetteer() else { throw APIError.unavailable }
        // A Polish reader's places first (`Accept-Language`; the web's suggestions send the page's language).
        let language = Language(acceptLanguage: request.headers[.acceptLanguage]).rawValue
        let found = gazetteer.search(
            parameters.query, near: parameters.near, limit: parameters.limit, preferring: PlaceDirectory.country(of: language))
        return JSONResponse.make(
            PlaceListDTO(
                data: found.map { PlaceDTO($0.place, distanceKm: $0.distanceKm) },
                attribution: Gazetteer.attribution))
    }

    @Sendable func reverse(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let parameters = try ReverseParameters(request.uri.queryParameters.allValues())
        guard let label = await places.label(for: parameters.point) else { throw APIError.unavailable }
        return JSONResponse.make(ReversePlaceDTO(label: PlaceLabelDTO(label), place: PlaceDTO(label.place), attribution: Gazetteer.attribution))
    }
}
