import Foundation
import NIOConcurrencyHelpers
import PetSpotDomain
import PetSpotPlaces

/// The gazetteer, loaded once per process in the background from the start (the server listens at
/// once; the first requests that need places wait for it, about a second on a release build).
public struct PlaceDirectory: Sendable {
    static let loading = Task.detached(priority: .userInitiated) { () -> Gazetteer? in
        // Seconds of parsing on a thread of its own: on Swift's cooperative pool (one thread a core) it
        // would stall every request's task meanwhile.
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let gazetteer = load()
                finished.withLockedValue { $0 = true }
                continuation.resume(returning: gazetteer)
            }
        }
    }
    private static let finished = NIOLockedValueBox(false)

    /// True once loading has ended (with the gazetteer, or without it after a logged failure): until
    /// then `/api/ready` answers 503, since a request that names a place would wait.
    static var hasLoaded: Bool { finished.withLockedValue { $0 } }

    private static func load() -> Gazetteer? {
        do {
            return try Gazetteer.bundled()
        } catch {
            FileHandle.standardError.write(Data("places: the gazetteer did not load (\(error)); reports go unnamed\n".utf8))
            return nil
        }
    }

    /// Street addresses, when an external geocoder is configured (`--geocoder-url`).
    public var geocoder: NominatimGeocoder?

    public init(geocoder: NominatimGeocoder? = nil) {
        self.geocoder = geocoder
    }

    /// Starts loading, when it has not started yet.
    public static func preload() { _ = loading }

    public func gazetteer() async -> Gazetteer? { await Self.loading.value }

    /// What each report's public area is called, in order (nil where the gazetteer is missing).
    public func labels(for reports: [Announcement]) async -> [PlaceLabel?] {
        guard let gazetteer = await gazetteer() else { return reports.map { _ in nil } }
        return reports.map { Self.remembered.label(for: PublicArea(around: $0.location).center, in: gazetteer) }
    }

    /// What the public area around `point` is called: a report's or a sighting's place as anyone but its
    /// reporter reads it. Named from the exact point, it would narrow the point down inside its area.
    public func publicLabel(for point: Coordinate) async -> PlaceLabel? {
        await label(for: PublicArea(around: point).center)
    }

    public func label(for point: Coordinate) async -> PlaceLabel? {
        guard let gazetteer = await gazetteer() else { return nil }
        return Self.remembered.label(for: point, in: gazetteer)
    }

    /// Labels already worked out, by point: a report's point changes only when its owner moves it, and
    /// naming it took a fifth of a list request's CPU.
    static let remembered = RememberedLabels()
}

/// A bounded memory of the gazetteer's labels by exact point (the gazetteer does not change while the
/// process runs). Full, it starts again empty: a list's points are named again within one request.
final class RememberedLabels: Sendable {
    static let capacity = 200_000
    private let labels = NIOLockedValueBox<[Coordinate: PlaceLabel?]>([:])

    func label(for point: Coordinate, in gazetteer: Gazetteer) -> PlaceLabel? {
        if let known = labels.withLockedValue({ $0[point] }) { return known }
        let label = gazetteer.label(for: point)
        labels.withLockedValue { labels in
            if labels.count >= Self.capacity { labels.removeAll(keepingCapacity: true) }
            labels[point] = label
        }
        return label
    }
}
