/// Seed 004's server seam exactly as the seed writes it: the two calls a report's submission makes.
/// An app's own repository or a test fake may conform with these alone (a class, a struct, an actor or a
/// main-actor class, throwing any error); ``AnnouncementSubmissionService`` takes it. ``AnnouncementRepositoryProtocol``, the whole
/// seam the browse and manage screens need, refines it.
public protocol AnimalRepositoryProtocol {
    /// Creates a report: POST /api/v1/announcements; answers its id and management password.
    func createAnnouncement(request: CreateAnnouncementRequest) async throws -> AnnouncementResponse
    /// Uploads a created report's photo with Basic `id:managementPassword`.
    func uploadPhoto(request: PhotoUploadRequest) async throws
}

extension AnnouncementRepositoryProtocol {
    /// Seed 004's spelling of ``createAnnouncement(_:)``.
    public func createAnnouncement(request: CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult {
        try await createAnnouncement(request)
    }

    /// Seed 004's spelling of ``uploadPhoto(_:)``.
    public func uploadPhoto(request: PhotoUploadRequest) async throws(RepositoryError) {
        try await uploadPhoto(request)
    }
}
