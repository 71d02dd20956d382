import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI

/// Search by photo (`POST /api/v1/photo-search`): the reports nearby whose photos look most like the one a
/// finder holds, the most alike first. The photo is compared and not kept.
public protocol PhotoSearchRepository: Sendable {
    func searchByPhoto(
        _ photo: Data, type: PhotoImageType, near location: Coordinate?, rangeKm: Int, status: AnnouncementStatus
    ) async throws(RepositoryError) -> [PhotoSearchResultDTO]
}

extension URLSessionAnnouncementRepository: PhotoSearchRepository {
    public func searchByPhoto(
        _ photo: Data, type: PhotoImageType, near location: Coordinate?, rangeKm: Int, status: AnnouncementStatus
    ) async throws(RepositoryError) -> [PhotoSearchResultDTO] {
        var fields = [(name: "status", value: status.rawValue)]
        if let location {
            fields += [("lat", String(location.latitude)), ("lng", String(location.longitude)), ("range", String(rangeKm))]
        }
        let form = MultipartFormData(
            fields: fields, fieldName: "photo", fileName: "search.\(type.fileExtension)", mimeType: type.mimeType, data: photo)
        var request = makeRequest(.photoSearch)
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = form.body
        let (data, _) = try await send(request, expecting: 200)
        let list: PhotoSearchListDTO = try decode(data)
        return list.data.map { result in
            var result = result
            result.announcement.photoUrl = withAbsolutePhotoURL(result.announcement.announcement).photoURL
            return result
        }
    }
}
