import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotDomain

/// Health, readiness, metrics and the published OpenAPI document.
struct SystemController {
    let status: SystemStatus
    let metrics: ServerMetrics

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.health) { _, _ in
            JSONResponse.make(HealthDTO(status: "ok", timestamp: Timestamp.string(Date())))
        }
        router.on(.ready) { _, _ in try await ready() }
        router.on(.metrics) { _, context in
            guard Self.mayReadMetrics(context.clientAddress) else { throw APIError.notFound }
            let backlog = try await status.outboxBacklog()
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string: metrics.exposition(
                            outboxPending: backlog.pending, outboxOldest: backlog.oldest,
                            moderation: try await status.moderationStats()))))
        }
        router.on(.openAPI) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
    }

    /// 200 when the database answers within 2 seconds and the place names have loaded, 503 otherwise (a
    /// load balancer stops sending requests to this instance meanwhile).
    private func ready() async throws -> Response {
        guard await status.databaseAnswers() else {
            throw APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "The database is not reachable")
        }
        guard PlaceDirectory.hasLoaded else {
            throw APIError(status: .serviceUnavailable, code: .serviceUnavailable, message: "Place names are still loading")
        }
        var answer = HealthDTO(status: "ready", timestamp: Timestamp.string(Date()))
        answer.details = ReadyDetailsDTO(lookAlikes: .init(enabled: status.looks.enabled, message: status.looks.message))
        return JSONResponse.make(answer)
    }

    /// The metrics are the operator's: their scraper on this machine or a private network (directly, or as
    /// a trusted proxy names it; "unknown" is an in-process test's). Counts that move with one stranger's
    /// request (an e-mail queued or not) would tell whether an address has reports: others get 404.
    static func mayReadMetrics(_ client: String) -> Bool {
        // An IPv6 client key is its /64, read here as its first address: the loopback's is `::`.
        client == "unknown" || operatorNetworks.contains(client.hasSuffix("::/64") ? String(client.dropLast(3)) : client)
    }

    static let operatorNetworks = (try? TrustedProxies("127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, ::/128, fc00::/7")) ?? .none
}
