import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain

/// `POST /api/v1/my-reports` `{"email"}` → 202 `{}`, the same for every address.
struct MyReportsAPIController {
    let service: MyReportsService

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.myReports) { request, context in
            guard case .object(let members)? = try await RequestBodyReader.json(request) else {
                throw APIError.badRequest(.invalidFormat, "Expected a JSON object")
            }
            for (key, _) in members where key != "email" { throw APIError.badRequest(.invalidField, "\(key) is not a valid field", field: key) }
            guard case .string(let email)? = members.first(where: { $0.key == "email" })?.value else {
                throw APIError.badRequest(.missingValue, "email is required", field: "email")
            }
            try await service.request(email, client: context.clientAddress)
            return JSONResponse.make(EmptyJSONObject(), status: .accepted)
        }
    }
}
