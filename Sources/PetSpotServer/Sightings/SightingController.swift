import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// `GET/POST /api/v1/announcements/{id}/sightings`, and the owner's
/// `PATCH /api/v1/announcements/{id}/sightings/{sightingId}` (`{"hidden": true}`, `Basic id:managementPassword`).
struct SightingController {
    let service: SightingService
    let announcements: AnnouncementService
    let photoReader: MultipartPhotoReader
    let places: PlaceDirectory

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.sightings(AnnouncementID("")), use: list)
        router.on(.createSighting(AnnouncementID("")), use: create)
        router.on(.hideSighting(AnnouncementID(""), sighting: ""), use: setHidden)
    }

    @Sendable func list(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try context.reportID()
        // The owner (with the code) sees hidden ones too, marked.
        if BasicCredentials.isBasic(request.headers[.authorization]) {
            let credentials = try BasicCredentials(header: request.headers[.authorization])
            try await announcements.authorize(id, password: credentials.password, client: context.clientAddress)
            return try await answer(service.all(of: id), showHidden: true)
        }
        return try await answer(service.list(of: id), showHidden: false)
    }

    private func answer(_ sightings: [Sighting], showHidden: Bool) async -> Response {
        var data: [SightingDTO] = []
        for sighting in sightings {
            data.append(SightingDTO(sighting, place: await places.publicLabel(for: sighting.location), showHidden: showHidden))
        }
        return JSONResponse.make(SightingListDTO(data: data))
    }

    @Sendable func create(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try context.reportID()
        let form: SightingForm
        var photo: UploadedPhoto?
        if MultipartPhotoReader.boundary(request.headers[.contentType]) != nil {
            let read = try await photoReader.readForm(request)
            photo = read.photo
            let fields = read.fields
            form = SightingForm(
                seenAt: try Self.seenAt(fields["seenAt"]) ?? "", latitude: fields["latitude"] ?? "", longitude: fields["longitude"] ?? "",
                note: fields["note"] ?? "", email: fields["email"] ?? "")
        } else {
            form = try Self.form(try await RequestBodyReader.json(request))
        }
        let language = Language(acceptLanguage: request.headers[.acceptLanguage]).rawValue
        let sighting = try await service.add(
            to: id, form: form, photo: photo, language: language, client: context.clientAddress,
            timeZone: TimeZone(identifier: "UTC")!)
        return JSONResponse.make(SightingDTO(sighting, place: await places.publicLabel(for: sighting.location)), status: .created)
    }

    @Sendable func setHidden(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try context.reportID()
        let credentials = try BasicCredentials(header: request.headers[.authorization])
        try await announcements.authorize(id, password: credentials.password, client: context.clientAddress)
        guard case .object(let members)? = try await RequestBodyReader.json(request), members.count == 1, members[0].key == "hidden",
            case .bool(let hidden) = members[0].value
        else {
            throw APIError.badRequest(.invalidFormat, "Expected {\"hidden\": true|false}", field: "hidden")
        }
        try await service.setHidden(try context.path("sighting"), of: id, hidden: hidden)
        let wanted = try context.path("sighting")
        guard let sighting = try await service.all(of: id).first(where: { $0.id == wanted }) else {
            throw APIError.notFound
        }
        return JSONResponse.make(SightingDTO(sighting, place: await places.publicLabel(for: sighting.location), showHidden: true))
    }

    /// The API's `seenAt`, when given: an RFC 3339 date-time with its zone, as openapi.json's
    /// `format: date-time` says (a web form's blank or local time is the web's reading, not the API's).
    static func seenAt(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard SightingForm.instant(text) != nil else {
            throw SightingProblems(problems: [SightingForm.FieldProblem(field: "seenAt", problem: .seenAtInvalid)])
        }
        return text
    }

    /// The JSON body as the form the rules read; unknown keys and wrong types are refused.
    static func form(_ body: JSONValue?) throws -> SightingForm {
        guard case .object(let members)? = body else { throw APIError.badRequest(.invalidFormat, "Expected a JSON object") }
        var form = SightingForm()
        for (key, value) in members {
            switch (key, value) {
            case ("seenAt", .null), ("note", .null), ("email", .null): continue
            case ("seenAt", .string(let text)): form.seenAt = try Self.seenAt(text) ?? ""
            case ("note", .string(let text)): form.note = text
            case ("email", .string(let text)): form.email = text
            case ("latitude", .number(let number)): form.latitude = String(number)
            case ("longitude", .number(let number)): form.longitude = String(number)
            case ("latitude", _), ("longitude", _):
                throw APIError.badRequest(.invalidFormat, "Expected number, received \(value.typeName)", field: key)
            case ("seenAt", _), ("note", _), ("email", _):
                throw APIError.badRequest(.invalidFormat, "Expected string, received \(value.typeName)", field: key)
            default:
                throw APIError.badRequest(.invalidField, "\(key) is not a valid field", field: key)
            }
        }
        return form
    }
}

extension SightingDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        Self.object(
            [
                ("id", Self.text(id)), ("announcementId", Self.text(announcementId)), ("seenAt", Self.text(seenAt)),
                ("latitude", Self.number(latitude)), ("longitude", Self.number(longitude)),
                (
                    "place",
                    { (buffer: inout ByteBuffer) -> Void in
                        guard let place else { buffer.writeStaticString("null"); return }
                        Self.object(
                            [
                                ("name", Self.text(place.name)), ("countryCode", Self.text(place.countryCode)),
                                ("distanceKm", Self.number(place.distanceKm)),
                            ], into: &buffer)
                    }
                ),
                ("note", Self.text(note)), ("photoUrl", Self.text(photoUrl)), ("createdAt", Self.text(createdAt)),
                ("hidden", hidden.map { value in { _ = $0.writeString(value ? "true" : "false") } }),
            ], into: &buffer)
    }
}

extension SightingListDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"data\":[")
        for (index, sighting) in data.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            sighting.write(into: &buffer)
        }
        buffer.writeStaticString("]}")
    }
}
