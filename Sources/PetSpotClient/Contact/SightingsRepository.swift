import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI

/// A photo picked for a sighting, sent with it.
public struct SightingPhoto: Sendable, Equatable {
    public var data: Data
    public var mimeType: String
    public var fileExtension: String

    public init(data: Data, mimeType: String = "image/jpeg", fileExtension: String = "jpg") {
        self.data = data
        self.mimeType = mimeType
        self.fileExtension = fileExtension
    }
}

/// Sightings of missing pets, decoded with the server's own wire types:
/// `GET/POST /api/v1/announcements/{id}/sightings`, and the owner's hide.
public protocol SightingsRepositoryProtocol: Sendable {
    /// The visible sightings, newest first; with the management password, hidden ones too.
    func sightings(of id: AnnouncementID, managementPassword: String?) async throws(RepositoryError) -> [SightingDTO]
    /// Adds a sighting (JSON, or multipart with the photo).
    func addSighting(to id: AnnouncementID, _ sighting: CreateSightingRequest, photo: SightingPhoto?) async throws(RepositoryError) -> SightingDTO
    /// The owner hides a sighting (spam, a mistake) or shows it again.
    func setSightingHidden(
        _ sightingID: String, of id: AnnouncementID, hidden: Bool,
        managementPassword: String
    ) async throws(RepositoryError) -> SightingDTO
}

/// Messages to a reporter through PetSpot (`POST /api/v1/announcements/{id}/messages`): e-mailed with the
/// sender's address as Reply-To, so neither address is published.
public protocol ReporterMessagesRepositoryProtocol: Sendable {
    func sendMessage(to id: AnnouncementID, _ message: RelayMessageRequest) async throws(RepositoryError)
}

extension URLSessionAnnouncementRepository: SightingsRepositoryProtocol, ReporterMessagesRepositoryProtocol {
    public func sightings(of id: AnnouncementID, managementPassword: String?) async throws(RepositoryError) -> [SightingDTO] {
        var request = makeRequest(.sightings(id))
        if let managementPassword { authorize(&request, id: id, password: managementPassword) }
        let (data, _) = try await send(request, expecting: 200)
        let list: SightingListDTO = try decode(data)
        return list.data
    }

    public func addSighting(
        to id: AnnouncementID, _ sighting: CreateSightingRequest,
        photo: SightingPhoto?
    ) async throws(RepositoryError) -> SightingDTO {
        var request = makeRequest(.createSighting(id))
        if let photo {
            var fields = [("latitude", String(sighting.latitude)), ("longitude", String(sighting.longitude))]
            for (name, value) in [("seenAt", sighting.seenAt), ("note", sighting.note), ("email", sighting.email)] {
                if let value { fields.append((name, value)) }
            }
            let form = MultipartFormData(
                fields: fields.map { (name: $0.0, value: $0.1) }, fieldName: "photo",
                fileName: "sighting.\(photo.fileExtension)", mimeType: photo.mimeType, data: photo.data)
            request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = form.body
        } else {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONEncoder().encode(sighting)
        }
        let (data, _) = try await send(request, expecting: 201)
        return try decode(data)
    }

    public func setSightingHidden(
        _ sightingID: String, of id: AnnouncementID, hidden: Bool,
        managementPassword: String
    ) async throws(RepositoryError) -> SightingDTO {
        var request = makeRequest(.hideSighting(id, sighting: sightingID))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        authorize(&request, id: id, password: managementPassword)
        request.httpBody = Data("{\"hidden\":\(hidden)}".utf8)
        let (data, _) = try await send(request, expecting: 200)
        return try decode(data)
    }

    public func sendMessage(to id: AnnouncementID, _ message: RelayMessageRequest) async throws(RepositoryError) {
        var request = makeRequest(.sendMessage(id))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(message)
        _ = try await send(request, expecting: 202)
    }

    /// The report's printable flyer on the web (`/lost-pets/{id}/flyer`), to open or share.
    public func flyerURL(for id: AnnouncementID) -> URL {
        baseURL.appendingPathComponent("lost-pets").appendingPathComponent(id.rawValue).appendingPathComponent("flyer")
    }
}
