import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

extension AnnouncementController {
    /// A client whose hourly quota is used up is answered without contacts at once: one search, not the
    /// full answer's first.
    @Sendable func list(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let gzip = Compression.acceptsGzip(request)
        guard let listCache else { return try await searchedList(request, context: context, gzip: gzip) }
        if !contactQuota.isExhausted(client: context.clientAddress) {
            let answer = try await cachedListAnswer(request, withheld: false, in: listCache)
            if let response = await response(answer, to: context, gzip: gzip) { return response }
        }
        return Response(Self.withheld(try await cachedListAnswer(request, withheld: true, in: listCache), gzip: gzip))
    }

    /// The list from memory for a request read off the connection (`EarlyAnswerHandler`): its kept answer
    /// when fresh, or the one without contacts when the client's hourly quota is spent; nil when an
    /// answer must be made or the quota needs the store (the router answers then).
    func earlyList(_ head: HTTPRequest, path: String, query: String?, client: String) -> EarlyAnswer? {
        guard let listCache else { return nil }
        let gzip = Compression.acceptsGzip(head.headerFields)
        let key = ListResponseCache.key(path: path, query: query)
        let withheld = { () -> EarlyAnswer? in
            listCache.ready(for: key + Self.withheldKey, make: self.listMaker(URI(head.path ?? path), withheld: true)).map {
                Self.withheld($0, gzip: gzip)
            }
        }
        if contactQuota.isExhausted(client: client) { return withheld() }
        guard let answer = listCache.ready(for: key, make: listMaker(URI(head.path ?? path), withheld: false)) else { return nil }
        switch contactQuota.allowsFromLease(count: answer.publicContacts, client: client) {
        case true?: return Self.listParts(answer, gzip: gzip)
        case false?: return withheld()
        case nil: return nil
        }
    }

    /// `answer` as sent to the client of `context`; nil when it shows more public contacts than the
    /// client's quota has left (they are counted when it has).
    private func response(_ answer: ListResponseCache.Answer, to context: PetSpotRequestContext, gzip: Bool) async -> Response? {
        guard await contactQuota.allows(count: answer.publicContacts, client: context.clientAddress) else { return nil }
        return Response(Self.listParts(answer, gzip: gzip))
    }

    /// The answer without contacts, saying how many it left out (when any: else it is the full answer).
    private static func withheld(_ answer: ListResponseCache.Answer, gzip: Bool) -> EarlyAnswer {
        var parts = listParts(answer, gzip: gzip)
        if answer.withheldContacts > 0 { parts.headers[withheldField] = String(answer.withheldContacts) }
        return parts
    }

    /// A list answer's headers and body: its gzip form when the client accepts it.
    static func listParts(_ answer: ListResponseCache.Answer, gzip: Bool) -> EarlyAnswer {
        JSONResponse.list(answer.body, gzipped: gzip ? answer.gzipped : nil, link: answer.link, etag: answer.etag)
    }

    private static let withheldKey = "#withheld"

    /// With the cache off: one search, the answer made only in the form the client's quota allows, gzipped
    /// only when the client accepts it.
    private func searchedList(_ request: Request, context: PetSpotRequestContext, gzip: Bool) async throws -> Response {
        let page = try await listPage(request.uri)
        if await contactQuota.allows(page.found, client: context.clientAddress) {
            var full = Self.answer(page, withheld: false)
            if gzip { full.gzipped = Compression.gzip(full.body) }
            return Response(Self.listParts(full, gzip: gzip))
        }
        var withheld = Self.answer(page, withheld: true)
        if gzip { withheld.gzipped = Compression.gzip(withheld.body) }
        return Response(Self.withheld(withheld, gzip: gzip))
    }

    /// A kept answer is gzipped once when made, for every client that accepts it.
    private func cachedListAnswer(_ request: Request, withheld: Bool, in listCache: ListResponseCache) async throws -> ListResponseCache.Answer {
        let key = ListResponseCache.key(path: request.uri.path, query: request.uri.query) + (withheld ? Self.withheldKey : "")
        return try await listCache.answer(for: key, make: listMaker(request.uri, withheld: withheld))
    }

    /// Makes an answer to keep: searched, and gzipped once.
    private func listMaker(_ uri: URI, withheld: Bool) -> @Sendable () async throws -> ListResponseCache.Answer {
        {
            var answer = Self.answer(try await listPage(uri), withheld: withheld)
            answer.gzipped = Compression.gzip(answer.body)
            return answer
        }
    }

    /// One page of the list, searched: its reports, their place labels and the `Link` to the next page.
    private struct ListPage {
        var found: [Announcement]
        var labels: [PlaceLabel?]
        var link: String?
    }

    private func listPage(_ uri: URI) async throws -> ListPage {
        let parameters = try ListParameters(uri.queryParameters.allValues())
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
        let link = page.next.map { "<\(ListCursor.nextURL(path: uri.path, query: uri.query, cursor: $0))>; rel=\"next\"" }
        return ListPage(found: found, labels: await places.labels(for: found), link: link)
    }

    /// The page's body; `withheld` leaves every report's e-mail and phone out.
    private static func answer(_ page: ListPage, withheld: Bool) -> ListResponseCache.Answer {
        let shown = (withheld ? page.found.map(\.withContactWithheld) : page.found).map(\.inPublicArea)
        let data = zip(shown, page.labels).map { AnnouncementDTO($0, place: $1) }
        let body = AnnouncementListJSON.encode(AnnouncementListDTO(data: data))
        return .init(
            body: body, etag: JSONResponse.etag(of: body), link: page.link,
            publicContacts: shown.filter(\.hasPublicContact).count,
            withheldContacts: withheld ? page.found.filter(\.hasPublicContact).count : 0)
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
