import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// A kept list answer, sent over a real socket before the router (`EarlyAnswerHandler`), is the router's
/// answer: the same status, headers and body, with its own request id, counted alike. The socket-level
/// cases (pipelining, the idle timeout after such an answer, its log line) are in e2e/test_timeouts.py.
@Suite struct EarlyAnswerTests {
    static let requestID = HTTPField.Name("request-id")!

    @Test func aKeptListAnswerIsTheRoutersAnswer() async throws {
        try await TestApp.run(
            live: true,
            fixtures: { store in
                for index in 0..<3 {
                    try await store.create(Fixture.located(UUID().uuidString.lowercased(), 52.23 + Double(index) / 100, 21.01), passwordHash: "h")
                }
            }
        ) { client, _ throws in
            let uri = "\(APIPath.announcements)?limit=2"
            let made = try await client.send(.get, uri)
            let kept = try await client.send(.get, uri)
            // A browser's cross-origin request is served the same kept answer, with the same CORS header.
            let cors = try await client.send(.get, uri, headers: [.origin: "https://example.org"])
            #expect([made.status, kept.status, cors.status] == [.ok, .ok, .ok])
            #expect(kept.body == made.body && cors.body == made.body)
            #expect((made.json["data"] as? [Any])?.count == 2 && made.headers[JSONResponse.linkField]?.contains("cursor=") == true)
            let shared = { (response: TestResponse) in
                Set(response.headers.filter { ![Self.requestID, .date].contains($0.name) }.map { "\($0.name): \($0.value)" })
            }
            #expect(shared(kept) == shared(made), "\(shared(kept).symmetricDifference(shared(made)))")
            #expect(shared(kept).contains("X-Frame-Options: SAMEORIGIN") && shared(kept).contains("Server: PetSpot"))
            #expect(kept.headers[.date]?.hasSuffix(" GMT") == true)
            let ids = [made, kept, cors].compactMap { $0.headers[Self.requestID] }
            #expect(Set(ids).count == 3 && ids.allSatisfy { $0.count == 10 }, "each answer has its own request id")
            #expect(shared(cors) == shared(made))
            #expect([made, kept, cors].allSatisfy { $0.headers[.accessControlAllowOrigin] == "*" })
            let metrics = try await client.send(.get, APIPath.metrics)
            #expect(metrics.text.contains(#"petspot_http_requests_total{method="GET",route="/api/v1/announcements",status="200"} 3"#))
        }
    }

    /// What may be answered before the router: a GET without a body on a connection kept open.
    @Test func onlyABodilessGETOnAKeptConnectionIsAnsweredEarly() {
        let get = HTTPRequest(method: .get, scheme: nil, authority: "x", path: APIPath.announcements)
        #expect(EarlyAnswerHandler.mayAnswerEarly(get))
        var closing = get
        closing.headerFields[.connection] = "Close"
        var bodied = get
        bodied.headerFields[.contentLength] = "3"
        var chunked = get
        chunked.headerFields[.transferEncoding] = "chunked"
        let head = HTTPRequest(method: .head, scheme: nil, authority: "x", path: APIPath.announcements)
        for request in [closing, bodied, chunked, head] { #expect(!EarlyAnswerHandler.mayAnswerEarly(request)) }
    }

    @Test func theDateHeaderIsAnHTTPDate() throws {
        let text = HTTPDate.now()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = try #require(formatter.date(from: text), "\(text)")
        #expect(abs(date.timeIntervalSinceNow) < 5)
    }
}
