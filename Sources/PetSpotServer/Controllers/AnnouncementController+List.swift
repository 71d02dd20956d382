import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

extension AnnouncementController {
    @Sendable func list(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let gzip = Compression.acceptsGzip(request)
        let answer = try await cachedListAnswer(request, withheld: false, gzip: gzip)
        if let response = await response(answer, to: context, gzip: gzip) { return response }
        return Self.withheld(try await cachedListAnswer(request, withheld: true, gzip: gzip), of: answer, gzip: gzip)
    }

    /// The list from memory, when its answer is kept and fresh (and so is the one without contacts, for a
    /// client past its contact quota); nil when an answer must be made.
    func listFromMemory(_ request: Request, context: PetSpotRequestContext) async -> Response? {
        guard let listCache else { return nil }
        let gzip = Compression.acceptsGzip(request)
        let key = ListResponseCache.key(path: request.uri.path, query: request.uri.query)
        guard let answer = listCache.ready(for: key, make: listMaker(request, withheld: false)) else { return nil }
        if let response = await response(answer, to: context, gzip: gzip) { return response }
        guard let withheld = listCache.ready(for: key + Self.withheldKey, make: listMaker(request, withheld: true)) else { return nil }
        return Self.withheld(withheld, of: answer, gzip: gzip)
    }

    /// `answer` as sent to the client of `context`; nil when it shows more public contacts than the
    /// client's quota has left (they are counted when it has).
    private func response(_ answer: ListResponseCache.Answer, to context: PetSpotRequestContext, gzip: Bool) async -> Response? {
        if answer.publicContacts > 0, !(await contactQuota.allows(count: answer.publicContacts, client: context.clientAddress)) { return nil }
        return JSONResponse.list(answer.body, gzipped: gzip ? answer.gzipped : nil, link: answer.link)
    }

    /// The answer without contacts, saying how many were left out of `full`.
    private static func withheld(_ answer: ListResponseCache.Answer, of full: ListResponseCache.Answer, gzip: Bool) -> Response {
        var response = JSONResponse.list(answer.body, gzipped: gzip ? answer.gzipped : nil, link: answer.link)
        response.headers[withheldField] = String(full.publicContacts)
        return response
    }

    private static let withheldKey = "#withheld"

    /// A kept answer is gzipped once when made, for every client that accepts it; an answer made for one
    /// request only when that client accepts it.
    private func cachedListAnswer(_ request: Request, withheld: Bool, gzip: Bool) async throws -> ListResponseCache.Answer {
        guard let listCache else {
            var answer = try await listAnswer(request, withheld: withheld)
            if gzip { answer.gzipped = Compression.gzip(answer.body) }
            return answer
        }
        let key = ListResponseCache.key(path: request.uri.path, query: request.uri.query) + (withheld ? Self.withheldKey : "")
        return try await listCache.answer(for: key, make: listMaker(request, withheld: withheld))
    }

    /// Makes an answer to keep: searched, and gzipped once.
    private func listMaker(_ request: Request, withheld: Bool) -> @Sendable () async throws -> ListResponseCache.Answer {
        {
            var answer = try await listAnswer(request, withheld: withheld)
            answer.gzipped = Compression.gzip(answer.body)
            return answer
        }
    }

    /// The list's body and its `Link` to the next page when there is one; `withheld` leaves every
    /// report's e-mail and phone out.
    private func listAnswer(_ request: Request, withheld: Bool) async throws -> ListResponseCache.Answer {
        let parameters = try ListParameters(request.uri.queryParameters.allValues())
        var query = AnnouncementQuery(statuses: parameters.statuses, species: parameters.species, lastSeenSince: parameters.since)
        if let center = parameters.center { query.nearby = .init(center: center, radiusKm: parameters.rangeKm) }
        query.search = parameters.search
        query.searchByNewest = parameters.searchByNewest
        var cursor: AnnouncementCursor?
        if let text = parameters.cursor {
            guard let decoded = ListCursor.decode(text) else {
                throw APIError.badRequest(.invalidParameter, "Parameter 'cursor' is not valid", field: "cursor")
            }
            cursor = decoded
        }
        let page = try await service.page(query, size: parameters.limit, after: cursor)
        let found = page.reports
        let link = page.next.map { "<\(ListCursor.nextURL(path: request.uri.path, query: request.uri.query, cursor: $0))>; rel=\"next\"" }
        let labels = await places.labels(for: found)
        let shown = (withheld ? found.map(\.withContactWithheld) : found).map(\.inPublicArea)
        let data = zip(shown, labels).map { AnnouncementDTO($0, place: $1) }
        return .init(
            body: AnnouncementListJSON.encode(AnnouncementListDTO(data: data)), link: link,
            publicContacts: shown.filter(\.hasPublicContact).count)
    }
}

extension ListResponseCache {
    /// Path and query items in sorted order, so `?a=1&b=2` and `?b=2&a=1` share an answer.
    static func key(path: String, query: String?) -> String {
        guard let query else { return path + "?" }
        // Split as bytes, compared as strings (ASCII as memory), not byte by byte through the views: the key is
        // made on every list request, cached answers included.
        let pairs = query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map(Substring.init)
        // Most clients send their parameters in one order every time: no new string to sort into.
        if !pairs.contains(where: { $0.isEmpty }), zip(pairs, pairs.dropFirst()).allSatisfy({ $0 <= $1 }) { return path + "?" + query }
        var key = path + "?"
        key.reserveCapacity(key.utf8.count + query.utf8.count)
        for (index, pair) in pairs.filter({ !$0.isEmpty }).sorted().enumerated() {
            if index > 0 { key += "&" }
            key += pair
        }
        return key
    }
}
