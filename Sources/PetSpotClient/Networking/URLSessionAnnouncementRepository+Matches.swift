import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI

/// A report's possible matches, for its owner (`GET /api/v1/announcements/{id}/matches` with the
/// management code), decoded with the server's own wire type: best first.
public protocol ReportMatchesRepository: Sendable {
    func matches(for id: AnnouncementID, managementPassword: String) async throws(RepositoryError) -> [AnnouncementMatchDTO]
}

extension URLSessionAnnouncementRepository: ReportMatchesRepository {
    public func matches(for id: AnnouncementID, managementPassword: String) async throws(RepositoryError) -> [AnnouncementMatchDTO] {
        var request = makeRequest(.matches(id))
        authorize(&request, id: id, password: managementPassword)
        let (data, _) = try await send(request, expecting: 200)
        let list: AnnouncementMatchListDTO = try decode(data)
        return list.data
    }
}
