import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotStore
import Prometheus
import Synchronization

/// What an operator watches, in Prometheus' text format at `/metrics`: requests by route and status,
/// their latency, lock-outs, upload bytes, and the outbox's depth and age (read at scrape time).
/// One registry per application, so tests and several apps in one process never share counts.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    static let latencyBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    /// The request series of each method, route and status, asked of the registry once: it checks a
    /// name, its labels and help text on every call, a fortieth of a list answer served from memory.
    private let requestSeries = Mutex<[RequestSeries: (count: Counter, duration: DurationHistogram)]>([:])
    private struct RequestSeries: Hashable {
        let method: String, route: String, status: Int
    }

    public init() {}

    /// Methods named in the labels; any other is counted as `OTHER`, so a client inventing methods (each
    /// answered 404) cannot add series without end.
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    func request(method: String, route: String, status: Int, duration: Duration) {
        let method = Self.methods.contains(method) ? method : "OTHER"
        let key = RequestSeries(method: method, route: route, status: status)
        let series = requestSeries.withLock { known in
            if let series = known[key] { return series }
            let made = (
                count: registry.makeCounter(
                    name: "petspot_http_requests_total", labels: [("method", method), ("route", route), ("status", String(status))],
                    help: "HTTP requests answered, by method, route and status."),
                duration: registry.makeDurationHistogram(
                    name: "petspot_http_request_duration_seconds", labels: [("method", method), ("route", route)],
                    buckets: Self.latencyBuckets, help: "Time to answer an HTTP request.")
            )
            known[key] = made
            return made
        }
        series.count.increment()
        series.duration.record(duration)
    }

    func lockout(scope: String) {
        registry.makeCounter(
            name: "petspot_lockouts_total", labels: [("scope", scope)],
            help: "Secret checks refused because a budget was spent."
        ).increment()
    }

    func uploaded(bytes: Int) {
        registry.makeCounter(name: "petspot_upload_bytes_total", help: "Photo bytes accepted.").increment(by: Int64(bytes))
    }

    func flagged(_ kind: FlaggedKind) {
        registry.makeCounter(name: "petspot_flags_total", labels: [("kind", kind.rawValue)], help: "Flags recorded, by kind of item.").increment()
    }

    func held(_ kind: FlaggedKind) {
        registry.makeCounter(
            name: "petspot_holds_total", labels: [("kind", kind.rawValue)],
            help: "Items held for review by flags, by kind of item."
        ).increment()
    }

    /// Things a background job did (check-ins asked, e-mails sent, reports indexed …), by job: a benchmark
    /// reads it before and after measuring, to show that no job ran meanwhile.
    func backgroundWork(_ job: String, items: Int) {
        guard items > 0 else { return }
        registry.makeCounter(
            name: "petspot_background_items_total", labels: [("job", job)], help: "Items handled by background jobs, by job."
        ).increment(by: Int64(items))
    }

    /// The text exposition, with the outbox and moderation gauges brought up to date first.
    func exposition(outboxPending: Int, outboxOldest: Date?, moderation: ModerationStats? = nil, now: Date = Date()) -> String {
        if let moderation {
            registry.makeGauge(name: "petspot_moderation_queue", help: "Flagged items waiting for an operator.").set(Double(moderation.queued))
            registry.makeGauge(name: "petspot_moderation_held", help: "Items held from public view pending review.").set(Double(moderation.held))
            registry.makeGauge(name: "petspot_moderation_oldest_age_seconds", help: "Age of the oldest item in the queue (0 when none).")
                .set(moderation.oldestFlaggedAt.map { max(0, now.timeIntervalSince($0)) } ?? 0)
        }
        registry.makeGauge(name: "petspot_outbox_pending", help: "Messages waiting in the outbox.").set(Double(outboxPending))
        registry.makeGauge(name: "petspot_outbox_oldest_age_seconds", help: "Age of the oldest waiting message (0 when none).")
            .set(outboxOldest.map { max(0, now.timeIntervalSince($0)) } ?? 0)
        return registry.emitToString()
    }
}

/// Counts every answer, errors included, under its route pattern (never the raw path, whose ids would
/// make a series per report).
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = PetSpotRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code, started: started)
            return response
        } catch {
            record(request, context: context, status: APIError.from(error).status.code, started: started)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, started: ContinuousClock.Instant) {
        let route = context.endpointPath ?? (request.uri.path.hasPrefix("/static/") ? "/static/*" : "unmatched")
        metrics.request(method: request.method.rawValue, route: route, status: status, duration: ContinuousClock.now - started)
    }
}
