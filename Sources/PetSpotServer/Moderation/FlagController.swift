import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// `POST /api/v1/announcements/{id}/flags` and `…/sightings/{sightingId}/flags`: the web's
/// "Report a problem" for apps, with the same rules and limits. 201 with `{"held": …}` for a new flag,
/// 200 when this client had flagged the item already (nothing changes).
struct FlagController {
    let service: ModerationService
    let announcements: AnnouncementService

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.flagReport(AnnouncementID(""))) { request, context in
            try await flag(request, context, sighting: nil)
        }
        router.on(.flagSighting(AnnouncementID(""), sighting: "")) { request, context in
            try await flag(request, context, sighting: try context.path("sighting"))
        }
    }

    private func flag(_ request: Request, _ context: PetSpotRequestContext, sighting: String?) async throws -> Response {
        let report = try await announcements.findPublic(try context.reportID())
        let form = try Self.form(try await RequestBodyReader.json(request), allowsDuplicate: sighting == nil)
        let item = sighting.map { FlaggedItem(.sighting, $0) } ?? FlaggedItem(.report, report.id.rawValue)
        let outcome = try await service.flag(item, on: report, form: form, client: context.clientAddress)
        return JSONResponse.make(FlagResultDTO(held: outcome == .recorded(held: true)), status: outcome == .alreadyFlagged ? .ok : .created)
    }

    static func form(_ body: JSONValue?, allowsDuplicate: Bool) throws -> FlagForm {
        guard case .object(let members)? = body else { throw APIError.badRequest(.invalidFormat, "Expected a JSON object") }
        let known = allowsDuplicate ? ["reason", "detail", "duplicateOf"] : ["reason", "detail"]
        var values: [String: String] = [:]
        for (key, value) in members {
            guard known.contains(key) else { throw APIError.badRequest(.invalidField, "\(key) is not a valid field", field: key) }
            switch value {
            case .string(let text): values[key] = text
            case .null where key != "reason": continue
            default: throw APIError.badRequest(.invalidFormat, "Expected string, received \(value.typeName)", field: key)
            }
        }
        guard values["reason"] != nil else { throw APIError.badRequest(.missingValue, "reason is required", field: "reason") }
        return FlagForm(reason: values["reason"] ?? "", detail: values["detail"] ?? "", duplicateOf: values["duplicateOf"] ?? "")
    }
}

/// The answer to a flag: whether it put the item on hold.
struct FlagResultDTO: OrderedJSON {
    var held: Bool

    func write(into buffer: inout ByteBuffer) {
        buffer.writeString(held ? "{\"held\":true}" : "{\"held\":false}")
    }
}
