import Foundation
import PetSpotAPI

/// The PetSpot server as the app core sees it.
///
/// The protocol grows additively: a requirement added after release comes with a default that keeps
/// what a conformer written against the earlier protocol did, so an app's own repositories and test
/// fakes keep compiling. A conformer implements at least one of the two `announcements(near:…)`.
public protocol AnnouncementRepositoryProtocol: AnimalRepositoryProtocol, Sendable {
    /// Reports within `rangeKm` of `location`, or every report when no location is known.
    func announcements(near location: Coordinate?, rangeKm: Int) async throws(RepositoryError) -> [Announcement]
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
    /// For conformers that search: the list without words.
    public func announcements(near location: Coordinate?, rangeKm: Int) async throws(RepositoryError) -> [Announcement] {
        try await announcements(near: location, rangeKm: rangeKm, matching: nil)
    }

    /// For conformers written before searching by words: their list, narrowed here to the reports whose
    /// public words contain every word of `text` (case and accents aside), in the list's order.
    public func announcements(near location: Coordinate?, rangeKm: Int, matching text: String?) async throws(RepositoryError)
        -> [Announcement]
    {
        let all = try await announcements(near: location, rangeKm: rangeKm)
        let words = Self.folded(text ?? "").split(separator: " ")
        guard !words.isEmpty else { return all }
        return all.filter { report in
            let haystack = Self.folded([report.petName, report.species, report.breed, report.description].compactMap { $0 }.joined(separator: " "))
            return words.allSatisfy { haystack.contains($0) }
        }
    }

    private static func folded(_ text: String) -> String { SearchWords.fold(text) }
}
