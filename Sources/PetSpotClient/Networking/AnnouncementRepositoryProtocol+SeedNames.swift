/// The seeds' name for the server seam (seed 004 extends the app's animal repository).
public typealias AnimalRepositoryProtocol = AnnouncementRepositoryProtocol

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
