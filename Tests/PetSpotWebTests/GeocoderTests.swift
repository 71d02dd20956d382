import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import PetSpotServer
import PetSpotTestSupport
import Testing

/// The optional street-address geocoder (`--geocoder-url`), against a small local server that speaks
/// Nominatim's search protocol; the gazetteer when it is down.
@Suite struct GeocoderTests {
    /// A fake Nominatim: answers `/search` with one address for anything with "Marszałkowska" in it.
    static func fakeNominatim(asked: NIOLockedValueBox<[String]>, failing: Bool) -> some ApplicationProtocol {
        let router = Router()
        router.get("/search") { request, _ -> Response in
            let query = request.uri.queryParameters
            asked.withLockedValue { $0.append("\(query["q"] ?? "")|\(query["format"] ?? "")|\(request.headers[.userAgent] ?? "")") }
            guard !failing else { return Response(status: .internalServerError) }
            let body =
                (query["q"] ?? "").contains("Marszałkowska")
                ? #"[{"lat":"52.2401","lon":"21.0002","name":"","display_name":"10, Marszałkowska, Śródmieście, Warszawa, Poland","address":{"country_code":"pl"}}]"#
                : "[]"
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    static func locate(_ place: String, geocoder: Int?) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-geo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 40))
        configuration.geocoderURL = geocoder.map { URL(string: "http://127.0.0.1:\($0)")! }
        // The whole suite shares two cores and one scrypt pool: no request is cut for waiting its turn (the
        // deadline is tested apart, in HardeningTests).
        configuration.requestDeadline = .seconds(600)
        let app = try await buildApplication(configuration)
        return try await app.test(.router) { client in
            var browser = WebBrowser(client: client)
            _ = try await browser.get("/report-found/photo")
            _ = try await browser.upload("/report-found/photo", photo: pngBytes)
            let page = try await browser.post(
                "/report-found/details",
                [
                    "date": "2025-05-02", "species": "CAT", "gender": "FEMALE",
                    "place": place, "latitude": "", "longitude": "",
                ])
            guard page.location == "/report-found/contact" else { return "refused" }
            _ = try await browser.post("/report-found/contact", ["phone": "1234567", "email": "finder@example.com"])
            let created = try await browser.get("/report-found/created")
            let id = String(try #require(created.html.firstMatch(of: /href="\/lost-pets\/([0-9a-f-]{36})"/)?.1))
            let api = try await browser.ownerRead(id, createdPage: created)
            let lat = try #require(api.firstMatch(of: /"locationLatitude":([0-9.]+)/)?.1)
            let lng = try #require(api.firstMatch(of: /"locationLongitude":([0-9.]+)/)?.1)
            return "\(lat),\(lng)"
        }
    }

    @Test func anAddressIsPlacedByTheGeocoderAndTheGazetteerStaysTheFallback() async throws {
        let asked = NIOLockedValueBox<[String]>([])
        try await Self.fakeNominatim(asked: asked, failing: false).test(.live) { fake throws in
            #expect(try await Self.locate("ul. Marszałkowska 10, Warszawa", geocoder: fake.port) == "52.2401,21.0002")
            let question = try #require(asked.withLockedValue { $0 }.first)
            #expect(question.hasPrefix("ul. Marszałkowska 10, Warszawa|jsonv2|PetSpot/"))
            // A plain place name never leaves the server.
            let before = asked.withLockedValue { $0.count }
            #expect(try await Self.locate("Kraków", geocoder: fake.port) == "50.06143,19.93658")
            #expect(asked.withLockedValue { $0.count } == before)
        }
        // Down: the gazetteer places the address's town.
        try await Self.fakeNominatim(asked: asked, failing: true).test(.live) { fake throws in
            #expect(try await Self.locate("ul. Marszałkowska 10, Warszawa", geocoder: fake.port) == "52.22977,21.01178")
        }
        // Not configured: never asked.
        let count = asked.withLockedValue { $0.count }
        let unconfigured = try await Self.locate("ul. Marszałkowska 10, Warszawa", geocoder: nil)
        #expect(unconfigured == "52.22977,21.01178")
        #expect(asked.withLockedValue { $0.count } == count)
    }
}
