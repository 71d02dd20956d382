import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// `POST /api/v1/announcements/{id}/messages`: the web's message form for apps. The same rules
/// and limits (5 per sender, 20 per report, per 15 minutes); the message is queued, kept 30 days for the owner's
/// "this message is a scam" link, never logged.
struct MessageController {
    let service: AnnouncementService
    let moderation: ModerationService

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.sendMessage(AnnouncementID("")), use: send)
    }

    @Sendable func send(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let report = try await service.findPublic(try context.reportID())
        let form = try Self.form(try await RequestBodyReader.json(request))
        try await service.relay(form, to: report, client: context.clientAddress, moderation: moderation)
        return JSONResponse.make(EmptyJSONObject(), status: .accepted)
    }

    static func form(_ body: JSONValue?) throws -> RelayMessageForm {
        guard case .object(let members)? = body else { throw APIError.badRequest(.invalidFormat, "Expected a JSON object") }
        var values: [String: String] = [:]
        for (key, value) in members {
            guard ["name", "email", "phone", "trait", "message"].contains(key) else {
                throw APIError.badRequest(.invalidField, "\(key) is not a valid field", field: key)
            }
            switch value {
            case .string(let text): values[key] = text
            case .null where ["phone", "trait"].contains(key): continue
            default: throw APIError.badRequest(.invalidFormat, "Expected string, received \(value.typeName)", field: key)
            }
        }
        return RelayMessageForm(
            name: values["name"] ?? "", email: values["email"] ?? "", phone: values["phone"] ?? "",
            trait: values["trait"] ?? "", message: values["message"] ?? "")
    }
}
