import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// The announcement endpoints of the contract, plus the owner's PATCH and DELETE.
struct AnnouncementController {
    let service: AnnouncementService
    let photoReader: MultipartPhotoReader
    let adminToken: String?
    let metrics: ServerMetrics
    /// Names each report's point (the added `place` key).
    let places: PlaceDirectory
    /// Recent list answers; nil when the cache is off.
    var listCache: ListResponseCache?
    /// How many public contacts a client is handed an hour.
    let contactQuota: ContactQuota
    /// Set, with how many reports' contacts were left out, when a client's hourly quota is spent.
    static let withheldField = HTTPField.Name("PetSpot-Contacts-Withheld")!
    /// A create's retry key: the same key and body answer the report filed the first time.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// The most candidates the owner's match list carries, best first.
    static let maximumMatches = 20

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.listReports, use: list)
        router.on(.createReport, use: create)
        router.on(.report(AnnouncementID("")), use: find)
        router.on(.updateReport(AnnouncementID("")), use: update)
        router.on(.deleteReport(AnnouncementID("")), use: deleteAsOwnerOrAdmin)
        router.on(.adminDeleteReport(AnnouncementID("")), use: deleteAsAdmin)
        router.on(.uploadPhoto(AnnouncementID("")), use: uploadPhoto)
        router.on(.matches(AnnouncementID("")), use: matches)
    }

    /// One report's answer, its place named from its point (the public area's centre for the public).
    /// `keptPhone`: the report has a phone this answer keeps back; the published iOS app cannot read
    /// details whose `phone` is null, so it is "" (a report without one answers null, as it always did).
    func dto(_ announcement: Announcement, keptPhone: Bool = false) async -> Response {
        var answer = AnnouncementDTO(announcement, place: await places.label(for: announcement.location))
        if keptPhone, answer.phone == nil { answer.phone = "" }
        return JSONResponse.make(answer)
    }

    /// One report as anyone reads it (its public area, its contact counted); with `Basic
    /// id:managementPassword`, as its reporter filed it.
    @Sendable func find(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try id(context)
        if BasicCredentials.isBasic(request.headers[.authorization]) {
            let credentials = try BasicCredentials(header: request.headers[.authorization])
            try await service.authorize(id, password: credentials.password, client: context.clientAddress)
            return await dto(try await service.find(id))
        }
        let report = try await service.findPublic(id)
        let allowed = await contactQuota.allows([report], client: context.clientAddress)
        var response = await dto((allowed ? report : report.withContactWithheld).inPublicArea, keptPhone: report.phone != nil)
        if !allowed { response.headers[Self.withheldField] = "1" }
        return response
    }

    @Sendable func create(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let input = try AnnouncementValidation.validateCreate(try await RequestBodyReader.json(request))
        let language = Language(acceptLanguage: request.headers[.acceptLanguage]).rawValue
        let key = request.headers[Self.idempotencyKey]
        let (announcement, password, _) = try await service.create(input, language: language, client: context.clientAddress, key: key)
        return JSONResponse.make(
            CreatedAnnouncementDTO(
                announcement: AnnouncementDTO(announcement, place: await places.label(for: announcement.location)),
                managementPassword: password),
            status: .created)
    }

    @Sendable func update(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try id(context)
        let credentials = try BasicCredentials(header: request.headers[.authorization])
        try await service.authorize(id, password: credentials.password, client: context.clientAddress)
        let changes = try AnnouncementValidation.validateUpdate(try await RequestBodyReader.json(request))
        return try await dto(service.update(id, changes: changes))
    }

    /// The owner with `Basic id:managementPassword`, or the operator with the admin token.
    @Sendable func deleteAsOwnerOrAdmin(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let header = request.headers[.authorization]
        guard BasicCredentials.isBasic(header) else { return try await deleteAsAdmin(request, context: context) }
        let id = try id(context)
        let credentials = try BasicCredentials(header: header)
        // An unknown id is 404, as PATCH answers and as the published apps' contract says.
        try await service.authorize(id, password: credentials.password, client: context.clientAddress)
        try await service.delete(id)
        return Response(status: .noContent)
    }

    @Sendable func deleteAsAdmin(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        guard let header = request.headers[.authorization], !header.isEmpty else {
            throw APIError.unauthenticated("Missing Authorization header")
        }
        let presented = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)) : header
        guard let adminToken else { throw APIError.unauthenticated("Invalid admin token") }
        do {
            try await service.lockout.check([(LockoutPolicy.clientAdmin, context.clientAddress)]) {
                ConstantTime.equal(presented, adminToken)
            }
        } catch AccessError.wrongSecret {
            throw APIError.unauthenticated("Invalid admin token")
        }
        try await service.deleteAsAdmin(try id(context))
        return Response(status: .noContent)
    }

    @Sendable func uploadPhoto(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try id(context)
        let credentials = try BasicCredentials(header: request.headers[.authorization])
        do {
            try await service.authorize(id, password: credentials.password, client: context.clientAddress)
        } catch StoreError.notFound {
            let named = id.rawValue.replacingControlCharacters(allowingLines: false)
            throw APIError(status: .notFound, code: .notFound, message: "Announcement with ID \(named) not found")
        }
        guard let upload = try await photoReader.read(request) else {
            throw APIError.badRequest(.missingFile, "Photo field is required", field: "photo")
        }
        guard let type = ImageType.detect(upload.head) else {
            photoReader.storage.discard(upload.file)
            throw APIError.badRequest(
                .invalidFileFormat,
                "File is not a valid image format (JPEG, PNG, GIF, WebP, BMP, TIFF, HEIC, HEIF)", field: "file")
        }
        try await service.setPhoto(id, upload: upload, type: type)
        metrics.uploaded(bytes: upload.size)
        return JSONResponse.make(EmptyJSONObject(), status: .created)
    }

    func id(_ context: PetSpotRequestContext) throws -> AnnouncementID {
        try context.reportID()
    }
}

extension Parameters {
    /// Every value of every name, in order, as the list parameters want them.
    func allValues() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (key, value) in self { result[String(key), default: []].append(String(value)) }
        return result
    }
}
