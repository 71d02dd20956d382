import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotLooks
import PetSpotRoutes
import PetSpotStore

/// `POST /api/v1/photo-search`: a `multipart/form-data` body with a `photo` (JPEG, PNG or WebP; more with libvips) and the list's
/// fields (`lat`, `lng`, `range`, `status`, `species`, `since`, `limit`) answers the reports nearby whose photos look most like
/// it, the most alike first. The photo is read and forgotten: nothing is kept. Contacts are withheld (the
/// report's own answer shows them, within the contact quota).
struct PhotoSearchController {
    let looks: LooksService
    let photoReader: MultipartPhotoReader
    let places: PlaceDirectory

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.photoSearch, use: search)
    }

    @Sendable func search(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        guard looks.isOn else {
            throw APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: PhotoSearchListDTO.offMessage)
        }
        guard MultipartPhotoReader.boundary(request.headers[.contentType]) != nil else {
            throw APIError.badRequest(.invalidFormat, "Expected multipart/form-data with a 'photo' file", field: "photo")
        }
        let form = try await photoReader.readForm(request)
        guard let upload = form.photo else {
            throw APIError.badRequest(.missingFile, "A 'photo' file is required", field: "photo")
        }
        defer { photoReader.storage.discard(upload.file) }
        var values = request.uri.queryParameters.allValues()
        for (name, value) in form.fields { values[name] = [value] }
        let parameters = try ListParameters(values)
        let found: [LookAlike]
        do {
            var area = AnnouncementQuery(statuses: parameters.statuses, species: parameters.species, lastSeenSince: parameters.since)
            area.nearby = parameters.center.map { .init(center: $0, radiusKm: parameters.rangeKm) }
            found = try await looks.search(photo: upload.file, in: area, limit: min(parameters.limit, 50), client: context.clientAddress)
        } catch is LooksBusy {
            throw RequestDeadlineMiddleware.unavailable
        } catch is LooksError {
            throw APIError.badRequest(.invalidFileFormat, "The photo could not be read: send a JPEG, PNG or WebP", field: "photo")
        }
        let language = Language(acceptLanguage: request.headers[.acceptLanguage]).rawValue
        let shown = found.map { ($0.report.withContactWithheld.inPublicArea, Likeness(cosine: $0.likeness)) }
        let labels = await places.labels(for: shown.map(\.0))
        let data = zip(shown, labels).map { item, label in
            PhotoSearchResultDTO(
                announcement: AnnouncementDTO(item.0, place: label), likeness: item.1, text: item.1.words(language: language),
                distanceKm: parameters.center.map { PublicArea.distanceKm(from: $0, toReportAt: item.0.location) })
        }
        return JSONResponse.make(PhotoSearchListDTO(data: data))
    }
}

extension PhotoSearchListDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"data\":[")
        for (index, result) in data.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            Self.object(
                [
                    ("announcement", { AnnouncementListJSON.write(result.announcement, into: &$0) }),
                    ("likeness", Self.text(result.likeness)), ("likenessText", Self.text(result.likenessText)),
                    ("distanceKm", result.distanceKm.map(Self.number)),
                ], into: &buffer)
        }
        buffer.writeStaticString("]}")
    }
}
