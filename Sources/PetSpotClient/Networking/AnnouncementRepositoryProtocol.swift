import PetSpotAPI

/// The PetSpot server as the app core sees it.
public protocol AnnouncementRepositoryProtocol: Sendable {
    /// Reports within `rangeKm` of `location`, or every report when no location is known.
    func announcements(near location: Coordinate?, rangeKm: Int) async throws(RepositoryError) -> [Announcement]
    func announcement(id: AnnouncementID) async throws(RepositoryError) -> Announcement
    func createAnnouncement(_ request: CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult
    func uploadPhoto(_ request: PhotoUploadRequest) async throws(RepositoryError)
    /// Removes a report for good, with its management password.
    func deleteAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError)
    /// Marks a report CLOSED (the pet is home), with its management password.
    func closeAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError)
}
