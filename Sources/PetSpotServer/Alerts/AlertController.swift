import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// `/api/v1/alerts`: nearby alerts for apps. Creating sends only the confirmation e-mail; the
/// answer's `manageToken` lets the app show, change and delete the subscription.
struct AlertController {
    let service: AlertService
    let places: PlaceDirectory

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.createAlert, use: create)
        router.on(.alert(""), use: show)
        router.on(.updateAlert(""), use: update)
        router.on(.deleteAlert(""), use: delete)
    }

    @Sendable func create(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let body = try Self.body(try await RequestBodyReader.json(request))
        let language = body.language.flatMap(Language.init(rawValue:)) ?? Language(acceptLanguage: request.headers[.acceptLanguage])
        let subscription = try await service.subscribe(
            Self.form(body), placeName: await name(body), language: language.rawValue,
            client: context.clientAddress)
        return JSONResponse.make(AlertDTO(subscription, manageToken: service.tokens.token("manage", subscription.id)), status: .accepted)
    }

    @Sendable func show(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let (id, token) = try Self.link(request, context)
        return JSONResponse.make(AlertDTO(try await service.subscription(id, token: token), manageToken: token))
    }

    @Sendable func update(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let (id, token) = try Self.link(request, context)
        let body = try Self.body(try await RequestBodyReader.json(request))
        do {
            let updated = try await service.update(id, token: token, form: Self.form(body), placeName: await name(body))
            return JSONResponse.make(AlertDTO(updated, manageToken: token))
        } catch let problems as AlertProblems {
            throw AlertProblems(problems: problems.problems.filter { $0.field != "email" })
        }
    }

    @Sendable func delete(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let (id, token) = try Self.link(request, context)
        try await service.unsubscribe(id, token: token)
        return Response(status: .noContent)
    }

    /// The gazetteer's name of the circle's centre. A `placeName` the client sends is not kept: it would
    /// reach the confirmation e-mail, which PetSpot signs, as words a stranger chose.
    private func name(_ body: CreateAlertRequest) async -> String? {
        let point = Coordinate(latitude: body.latitude, longitude: body.longitude)
        return point.isValid ? await places.label(for: point)?.name : nil
    }

    static func link(_ request: Request, _ context: PetSpotRequestContext) throws -> (String, String?) {
        (try context.path("id"), request.uri.queryParameters["token"].map(String.init))
    }

    static func body(_ json: JSONValue?) throws -> CreateAlertRequest {
        guard case .object(let members)? = json else { throw APIError.badRequest(.invalidFormat, "Expected a JSON object") }
        let allowed = ["email", "latitude", "longitude", "radiusKm", "placeName", "kinds", "species", "frequency", "language"]
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw APIError.badRequest(.invalidField, "\(unknown.key) is not a valid field", field: unknown.key)
        }
        // A language the e-mails cannot speak is refused, not quietly replaced (the document's enum).
        if case .string(let language)? = members.first(where: { $0.key == "language" })?.value, Language(rawValue: language) == nil {
            throw APIError.badRequest(.invalidField, "language must be en or pl", field: "language")
        }
        let data = try JSONEncoder().encode(JSONValueBox(json!))
        do {
            return try JSONDecoder().decode(CreateAlertRequest.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            throw APIError.badRequest(.missingValue, "Required", field: key.stringValue)
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.first?.stringValue
            throw APIError.badRequest(.invalidFormat, "Invalid type", field: field)
        }
    }

    static func form(_ body: CreateAlertRequest) -> AlertForm {
        AlertForm(
            email: body.email ?? "", latitude: String(body.latitude), longitude: String(body.longitude), radiusKm: String(body.radiusKm),
            kinds: body.kinds ?? "", species: body.species ?? [], frequency: body.frequency ?? "")
    }
}

/// A parsed JSON value written back out, to decode a typed body once the keys are checked.
private struct JSONValueBox: Encodable {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items.map(JSONValueBox.init))
        case .object(let members):
            try container.encode(Dictionary(members.map { ($0.key, JSONValueBox($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

extension AlertDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        Self.object(
            [
                ("id", Self.text(id)), ("email", Self.text(email)), ("latitude", Self.number(latitude)), ("longitude", Self.number(longitude)),
                ("radiusKm", Self.number(radiusKm)), ("placeName", Self.text(placeName)), ("kinds", Self.text(kinds)),
                (
                    "species",
                    { buffer in
                        buffer.writeStaticString("[")
                        for (index, name) in species.enumerated() {
                            if index > 0 { buffer.writeStaticString(",") }
                            JSONText.string(name, &buffer)
                        }
                        buffer.writeStaticString("]")
                    }
                ),
                ("frequency", Self.text(frequency)), ("language", Self.text(language)), ("status", Self.text(status)),
                ("manageToken", manageToken.map(Self.text)),
            ], into: &buffer)
    }
}
