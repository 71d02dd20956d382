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
        if client == "unknown" { return true }
        let octets = client.split(separator: ".").compactMap { UInt8($0) }
        if octets.count == 4 {
            return [127, 10].contains(octets[0]) || (octets[0] == 172 && (16...31).contains(octets[1])) || (octets[0] == 192 && octets[1] == 168)
        }
        // IPv6 keys are /64s: the loopback's, or a unique local one (fc00::/7).
        let first = client.split(separator: ":").first.flatMap { UInt16($0, radix: 16) } ?? 0
        return client == "0:0:0:0::/64" || (client.hasSuffix("::/64") && first & 0xFE00 == 0xFC00)
    }
}
