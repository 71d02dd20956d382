import Foundation
import Hummingbird

/// The throughput ceiling: a bare Hummingbird server with one route answering a small fixed JSON, no
/// middleware, no database. It stops by itself after `maxSeconds`.
public enum CeilingServer {
    public static let path = "/ceiling"
    static let body = #"{"data":[{"id":"00000000-0000-4000-8000-000000000000","species":"DOG","status":"MISSING"}]}"#

    public static func run(port: Int, maxSeconds: Int) async throws {
        let router = Router()
        router.get(RouterPath(path)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        Task {
            try? await Task.sleep(for: .seconds(maxSeconds))
            exit(0)
        }
        try await app.runService()
    }
}
