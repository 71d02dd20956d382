import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI

/// Health and the published OpenAPI document.
struct SystemController {
    func register(on router: Router<PetSpotRequestContext>) {
        router.get(RouterPath(APIPath.health)) { _, _ in
            JSONResponse.make(HealthDTO(status: "ok", timestamp: WireDate.string(from: Date())))
        }
        router.get(RouterPath(APIPath.openAPI)) { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
    }
}
