import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotWeb
import Testing

/// Pages and files send no more than they must: gzip when the client accepts it, static files linked
/// with their version and cached for a year.
@Suite struct WebDeliveryTests {
    @Test func pagesAndFilesAreCompressedWhenTheClientAcceptsGzip() async throws {
        try await withWebApp { browser in
            for path in ["/", "/lost-pets", "/report-missing/microchip", "/static/site.css"] {
                let plain = try await browser.client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
                let zipped = try await browser.client.executeRequest(uri: path, method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"], body: nil)
                #expect(plain.headers[.contentEncoding] == nil, "\(path)")
                #expect(zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.vary] == "Accept-Encoding", "\(path)")
                var body = zipped.body
                let inflated = try body.decompress(with: .gzip())
                #expect(String(buffer: inflated) == String(buffer: plain.body) || path != "/static/site.css", "\(path)")
                #expect(String(buffer: inflated).contains(path == "/static/site.css" ? "{" : "</html>"), "\(path)")
                #expect(zipped.body.readableBytes < plain.body.readableBytes, "\(path)")
                let refused = try await browser.client.executeRequest(uri: path, method: .get, headers: [.acceptEncoding: "gzip;q=0"], body: nil)
                #expect(refused.headers[.contentEncoding] == nil, "\(path)")
            }
        }
    }

    @Test func staticFilesAreLinkedWithTheirVersionAndCachedForAYear() async throws {
        try await withWebApp { browser in
            let page = try await browser.get("/")
            let link = try #require(page.html.firstMatch(of: /href="(\/static\/site\.css\?v=([0-9a-f]{16}))"/))
            #expect(String(link.2) == StaticFiles.version(of: "site.css"))
            let current = try await browser.client.executeRequest(uri: String(link.1), method: .get, headers: [:], body: nil)
            #expect(current.status == .ok && current.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let old = try await browser.client.executeRequest(uri: "/static/site.css?v=0000000000000000", method: .get, headers: [:], body: nil)
            #expect(old.status == .ok && old.headers[.cacheControl] == "public, max-age=300")
            #expect(page.html.contains("/static/app.js?v=\(StaticFiles.version(of: "app.js"))"))
        }
    }
}
