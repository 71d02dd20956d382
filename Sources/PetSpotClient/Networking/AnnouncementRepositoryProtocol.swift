import PetSpotAPI

/// The PetSpot server as the app core sees it.
public protocol AnnouncementRepositoryProtocol: Sendable {
    /// Reports within `rangeKm` of `location` (every report when no location is known) whose public words
    /// meet `text` (the server's `q`: best match first), or all of them, newest first, when it is nil.
    func announcements(near location: Coordinate?, rangeKm: Int, matching text: String?) async throws(RepositoryError) -> [Announcement]
    func announcement(id: AnnouncementID) async throws(RepositoryError) -> Announcement
    func createAnnouncement(_ request: CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult
    func uploadPhoto(_ request: PhotoUploadRequest) async throws(RepositoryError)
    /// Removes a report for good, with its management password.
    func deleteAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError)
    /// Marks a report CLOSED (the pet is home), with its management password.
    func closeAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError)
}

extension AnnouncementRepositoryProtocol {
    /// Reports within `rangeKm` of `location`, or every report when no location is known.
    public func announcements(near location: Coordinate?, rangeKm: Int) async throws(RepositoryError) -> [Announcement] {
        try await announcements(near: location, rangeKm: rangeKm, matching: nil)
    }
}
