import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI

/// `/images/<id>.<ext>`: a report's photo, served only while the report's row names it (a file left by
/// a crash, a replaced photo or a deleted report is never served). The ETag is the file's versioned
/// name, so a replaced photo is fetched again. `?w=` asks for a thumbnail (`Thumbnails`).
struct PhotoController {
    /// Caches may keep a photo but must ask again before each use (a cheap 304 by ETag): a removed or
    /// replaced photo is never shown from a cache afterwards (issue 24 item 10).
    static let cacheControl = "public, no-cache"

    let service: AnnouncementService
    let fileIO = FileIO()

    func register(on router: Router<PetSpotRequestContext>) {
        router.get(RouterPath("\(APIPath.images)/:name"), use: photo)
    }

    @Sendable func photo(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        guard var (path, type) = try await service.servedPhoto(named: context.parameters.get("name") ?? "") else {
            throw APIError.notFound
        }
        // `?w=320` or `?w=640`: the list's small copy, when it can be made (the photo itself otherwise).
        if let width = request.uri.queryParameters["w"].flatMap({ Int($0) }),
           let thumbnail = await service.photos.thumbnails.thumbnail(of: URL(fileURLWithPath: path).lastPathComponent, source: path, width: width) {
            (path, type) = (thumbnail, .jpeg)
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = attributes[.size] as? Int else {
            throw APIError.notFound
        }
        let etag = "\"\(URL(fileURLWithPath: path).lastPathComponent)\""
        var headers: HTTPFields = [.contentType: type.mimeType, .cacheControl: Self.cacheControl, .eTag: etag, .acceptRanges: "bytes"]
        if let modified = attributes[.modificationDate] as? Date { headers[.lastModified] = Self.httpDate(modified) }
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        if let header = request.headers[.range], size > 0 {
            guard let range = Self.byteRange(header, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentLength] = String(range.count)
            return Response(status: .partialContent, headers: headers,
                            body: try await fileIO.loadFile(path: path, range: range, context: context))
        }
        headers[.contentLength] = String(size)
        return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: path, context: context))
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110's IMF-fixdate).
    static func httpDate(_ date: Date) -> String {
        date.formatted(Date.VerbatimFormatStyle(
            format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
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
