import Foundation
import HummingbirdTesting
import PetSpotAPI
@testable import PetSpotServer
import Testing

/// Issue 17: the router and the wire contract have one truth. Every API route the server registers is in
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
        let app = try await buildApplication(ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32)),
                                             logger: quietLogger, onRoutes: { box.routes = $0 })
        try await app.test(.router) { _ in }
        let served = Set(box.routes.filter { $0.method != "HEAD" && ($0.path.hasPrefix("/api/") || $0.path.hasPrefix("/images/")
            || ["/openapi.json", "/metrics"].contains($0.path)) }
            .map { "\($0.method) \(Self.shape($0.path))" })
        #expect(served.count > 20, "\(served)")

        let data = Data(OpenAPIDocument.json.utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods = ["get", "post", "put", "patch", "delete"]
        let documented = Set(paths.flatMap { path, operations in
            operations.keys.filter(methods.contains).map { "\($0.uppercased()) \(Self.shape(path))" }
        })
        #expect(served.subtracting(documented).sorted() == [], "routes missing from openapi.json")
        #expect(documented.subtracting(served).sorted() == [], "documented paths with no route")
    }
}

final class RoutesBox: @unchecked Sendable {
    var routes: [(method: String, path: String)] = []
}
