import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotLooks
@testable import PetSpotServer
import Testing

/// The list answer goes gzipped to clients that accept it (as the published apps' URLSession does),
/// from the cache's ready-made copy or, with the cache off, made for the request; `Vary` always says so.
@Suite struct ListCompressionTests {
    static let published: HTTPFields = [.acceptEncoding: "gzip, deflate, br", .accept: "application/json", .acceptLanguage: "pl-PL,pl;q=0.9"]

    /// Kept answers over a real socket come from `EarlyAnswerHandler`, before the router.
    @Test(arguments: [(5.0, false), (0.0, false), (5.0, true)])
    func theListIsGzippedForClientsThatAcceptItWithVary(cacheSeconds: Double, live: Bool) async throws {
        try await TestApp.run(
            live: live,
            fixtures: { store in
                for index in 0..<8 {
                    try await store.create(Fixture.located(UUID().uuidString.lowercased(), 52.23 + Double(index) / 100, 21.01), passwordHash: "h")
                }
            }, configure: { $0.listCacheSeconds = cacheSeconds }
        ) { client, _ throws in
            let uri = "/api/v1/announcements?lat=52.23&lng=21.01&range=500&limit=50"
            let plain = try await client.send(.get, uri)
            for _ in 0..<2 {
                let zipped = try await client.send(.get, uri, headers: Self.published)
                #expect(zipped.status == .ok && zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.vary] == "Accept-Encoding")
                #expect(zipped.body.readableBytes * 2 < plain.body.readableBytes, "\(zipped.body.readableBytes) of \(plain.body.readableBytes)")
                #expect(try Self.gunzip(zipped.body) == Data(plain.text.utf8), "the same JSON, as gzip(1) reads it")
            }
            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
            let refused = try await client.send(.get, uri, headers: [.acceptEncoding: "gzip;q=0, identity"])
            #expect(refused.headers[.contentEncoding] == nil && refused.text == plain.text)
            // A short answer is not worth compressing.
            let short = try await client.send(.get, "/api/v1/announcements?limit=1&species=BIRD", headers: Self.published)
            #expect(short.headers[.contentEncoding] == nil && short.json["data"] != nil)
        }
    }

    /// The body as the system's `gzip -dc` decodes it (run with `posix_spawn`: Foundation's `Process`
    /// crashed the test run, which holds many servers' descriptors open).
    static func gunzip(_ body: ByteBuffer) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).gz")
        try Data(body.readableBytesView).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try #require(ToolProcess.run("/bin/gzip", ["-dc", file.path], outputLimit: 64 << 20))
        return Data(outcome.output)
    }
}

/// `Accept-Encoding` as clients write it, read without allocating.
@Suite struct AcceptEncodingTests {
    @Test(arguments: [
        ("gzip", true), ("GZip", true), ("br, gzip;q=0.8", true), (" gzip , br", true), ("gzip, deflate, br", true), ("*", true),
        ("gzip;q=0", false), ("gzip; q=0.0", false), ("*;q=0", false), ("deflate, br", false), ("x-gzip", false), ("gzipx", false),
        ("", false), ("identity", false), ("br;q=1, gzip;q=0.001", true),
    ])
    func gzipIsAcceptedWhenListedWithAQualityAboveZero(header: String, accepted: Bool) {
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/", headerFields: [.acceptEncoding: header]),
            body: RequestBody(buffer: ByteBuffer()))
        #expect(Compression.acceptsGzip(request) == accepted)
    }
}
