import Foundation
import PetSpotDomain
import PetSpotPlaces

/// The gazetteer, loaded once per process in the background from the start (the server listens at
/// once; the first requests that need places wait for it, about a second on a release build).
public struct PlaceDirectory: Sendable {
    static let loading = Task.detached(priority: .userInitiated) { () -> Gazetteer? in
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

    /// What each report's point is called, in order (nil where the gazetteer is missing).
    public func labels(for reports: [Announcement]) async -> [PlaceLabel?] {
        guard let gazetteer = await gazetteer() else { return reports.map { _ in nil } }
        return reports.map { gazetteer.label(for: $0.location) }
    }

    public func label(for point: Coordinate) async -> PlaceLabel? {
        await gazetteer()?.label(for: point)
    }
}
