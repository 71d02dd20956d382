import Foundation
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotWeb
@testable import PetSpotServer
import Testing

/// The router and the wire contract have one truth. Every API route the server registers is in
/// `openapi.json` with its method, and every documented path and method has a route.
@Suite struct RouteTableTests {
    /// `/api/v1/announcements/:id/sightings/:sighting` and `…/{id}/sightings/{sightingId}` both as
    /// `/api/v1/announcements/{}/sightings/{}`.
    static func shape(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix(":") || (part.hasPrefix("{") && part.hasSuffix("}")) ? "{}" : String(part)
        }.joined(separator: "/")
    }

    @Test func everyAPIRouteIsDocumentedAndEveryDocumentedPathHasARoute() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let box = RoutesBox()
        let app = try await buildApplication(
            ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32)),
            logger: quietLogger, onRoutes: { box.routes = $0 })
        try await app.test(.router) { _ in }
        let served = Set(
            box.routes.filter {
                $0.method != "HEAD"
                    && ($0.path.hasPrefix("/api/") || $0.path.hasPrefix("/images/")
                        || ["/openapi.json", "/metrics"].contains($0.path))
            }
            .map { "\($0.method) \(Self.shape($0.path))" })
        #expect(served.count > 20, "\(served)")
        // The API's routes are exactly its route table's (`APIRoute`), which PetSpotClient's requests use too.
        let operations = Set(APIRoute.all.map { "\($0.method) \(Self.shape($0.pattern))" })
        #expect(operations.count == APIRoute.all.count, "an operation declared twice")
        #expect(served.subtracting(operations).sorted() == [], "API routes outside APIRoute")
        #expect(operations.subtracting(served).sorted() == [], "APIRoute operations with no route")

        let data = Data(OpenAPIDocument.json.utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods = ["get", "post", "put", "patch", "delete"]
        let documented = Set(
            paths.flatMap { path, operations in
                operations.keys.filter(methods.contains).map { "\($0.uppercased()) \(Self.shape(path))" }
            })
        #expect(served.subtracting(documented).sorted() == [], "routes missing from openapi.json")
        #expect(documented.subtracting(served).sorted() == [], "documented paths with no route")

        // The pages: every route outside the API is one of `WebRoute`'s, and each of those is routed.
        let pages = Set(
            box.routes.filter {
                $0.method != "HEAD" && !served.contains("\($0.method) \(Self.shape($0.path))")
                    && !$0.path.hasPrefix("/static/leaflet/") && !["/api/health", "/api/ready"].contains($0.path)
            }.map { Self.shape($0.path) })
        let table = Set(WebRoute.registered.map { Self.shape($0.pattern) } + ConsoleRoute.registered.map { Self.shape($0.pattern) })
        #expect(pages.count > 15, "\(pages)")
        #expect(pages.subtracting(table).sorted() == [], "pages routed outside WebRoute")
        #expect(table.subtracting(pages).sorted() == [], "WebRoute patterns with no route")
    }

    @Test func apiPathsFillTheirPatternsWithEncodedIDs() {
        let id = AnnouncementID("a/b?c")
        #expect(APIRoute.hideSighting(id, sighting: "s 1").path == "/api/v1/announcements/a%2Fb%3Fc/sightings/s%201")
        #expect(APIRoute.deleteReport(id).method == "DELETE" && APIRoute.deleteReport(id).path == APIRoute.report(id).path)
        #expect(APIRoute.photo(name: "x.jpg").path == "/images/x.jpg")
        #expect(APIRoute.updateAlert("k").method == "PATCH" && APIRoute.updateAlert("k").path == "/api/v1/alerts/k")
    }

    @Test func linksFillTheirPatterns() {
        #expect(WebRoute.details(id: "abc-1").path == "/lost-pets/abc-1")
        #expect(WebRoute.short(id: "0123456789abcdef").path == "/p/01234567")
        #expect(WebRoute.alertConfirm(id: "s1", token: "tok").path == "/alerts/s1/confirm?token=tok")
        #expect(WebRoute.alert(id: "s1", token: "tok").path == "/alerts/s1?token=tok")
        #expect(WebRoute.checkIn(id: "r1", answer: "still", sequence: 2, token: "x").path == "/check-in/r1?answer=still&n=2&token=x")
        #expect(WebRoute.cancel(.found).path == "/report-found/cancel")
        #expect(WebRoute.details(id: "a/b?c").path == "/lost-pets/a%2Fb%3Fc")
    }
}

final class RoutesBox: @unchecked Sendable {
    var routes: [(method: String, path: String)] = []
}
