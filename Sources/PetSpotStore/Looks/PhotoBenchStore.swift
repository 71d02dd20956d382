import PetSpotDomain

/// What the photo benchmark needs of a store: its reports with a photo near a point and elsewhere, moving
/// reports, and looks given straight to bulk-loaded reports (no photo files, no queue).
public protocol PhotoBenchStore: LookStore, AnnouncementStore {
    /// The newest `limit` reports with a photo within `radiusKm` of `center`.
    func benchPhotoReports(near center: Coordinate, radiusKm: Double, limit: Int) async throws -> [AnnouncementID]
    /// `limit` reports with a photo outside the box of `radiusKm` around `center`.
    func benchPhotoReports(awayFrom center: Coordinate, radiusKm: Double, limit: Int) async throws -> [AnnouncementID]
    /// Moves each report to its new point, in one transaction.
    func benchMove(_ moves: [(AnnouncementID, Coordinate)]) async throws
    /// Gives each report a photo file named after it and `look` as that photo's look, in one transaction.
    func bulkLoadLooks(_ looks: [(AnnouncementID, PhotoLook)]) async throws
    /// How many reports' looks are kept.
    func lookCount() async throws -> Int
}
