import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI

/// `/images/<id>.<ext>`: a report's photo, served only while the report's row names it (a file left by
/// a crash, a replaced photo or a deleted report is never served). The ETag is the photo's versioned
/// name, so a replaced photo is fetched again. `?w=` asks for a thumbnail (`Thumbnails`). Photos in a
/// bucket are streamed through, or, with `photoRedirectSeconds`, answered with a redirect to a
/// short-lived presigned URL.
struct PhotoController {
    /// Caches may keep a photo but must ask again before each use (a cheap 304 by ETag): a removed or
    /// replaced photo is never shown from a cache afterwards.
    static let cacheControl = "public, no-cache"

    let service: AnnouncementService
    let redirectSeconds: Int
    let fileIO = FileIO()

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.photo(name: ""), use: photo)
    }

    @Sendable func photo(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        guard let (file, type) = try await service.servedPhoto(named: try context.path("name")) else {
            throw APIError.notFound
        }
        return try await serve(file: file, type: type, request: request, context: context)
    }

    /// The stored `file` (or its `?w=` copy), with ranges and revalidation.
    func serve(file: String, type: ImageType, request: Request, context: PetSpotRequestContext) async throws -> Response {
        var (file, type) = (file, type)
        var key = PhotoStorage.key(of: file)
        // `?w=400` or `?w=800`: the list's small copy, when it can be made (the photo itself otherwise).
        if let width = request.uri.queryParameters["w"].flatMap({ Int($0) }),
            let thumbnail = await service.photos.thumbnails.thumbnail(of: file, width: width)
        {
            (key, type) = (thumbnail, .jpeg)
            file = String(key.dropFirst("thumbs/".count))
        }
        let objects = service.photos.objects
        if redirectSeconds > 0, let url = objects.presignedURL(key, seconds: redirectSeconds) {
            return Response(status: .found, headers: [.location: url, .cacheControl: "private, max-age=\(max(redirectSeconds / 2, 1))"])
        }
        guard let object = try await objects.info(key) else { throw APIError.notFound }
        let etag = "\"\(file)\""
        var headers: HTTPFields = [
            .contentType: type.mimeType, .cacheControl: Self.cacheControl, .eTag: etag, .acceptRanges: "bytes",
            .lastModified: Self.httpDate(object.lastModified),
        ]
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        var range: ClosedRange<Int>?
        if let header = request.headers[.range], object.size > 0 {
            guard let asked = Self.byteRange(header, size: object.size) else {
                headers[.contentRange] = "bytes */\(object.size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound)/\(object.size)"
            range = asked
        }
        headers[.contentLength] = String(range?.count ?? object.size)
        let status: HTTPResponse.Status = range == nil ? .ok : .partialContent
        if let path = objects.localPath(key) {
            let body =
                if let range {
                    try await fileIO.loadFile(path: path, range: range, context: context)
                } else {
                    try await fileIO.loadFile(path: path, context: context)
                }
            return Response(status: status, headers: headers, body: body)
        }
        guard let body = try await objects.body(key, range: range) else { throw APIError.notFound }
        return Response(status: status, headers: headers, body: body)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110's IMF-fixdate).
    static func httpDate(_ date: Date) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
                locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "GMT")!, calendar: Calendar(identifier: .gregorian)))
    }

    /// One range of `bytes=first-last`, `bytes=first-` or `bytes=-suffix`, clamped to the file; nil when
    /// it is malformed or starts past the end.
    static func byteRange(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let parts = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        }
        guard let first = Int(parts[0]), first >= 0, first < size else { return nil }
        guard !parts[1].isEmpty else { return first...(size - 1) }
        guard let last = Int(parts[1]), last >= first else { return nil }
        return first...min(last, size - 1)
    }
}
