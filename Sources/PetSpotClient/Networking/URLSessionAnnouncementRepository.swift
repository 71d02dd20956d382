import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI

/// The PetSpot server over HTTP (`URLSession`), speaking the contract declared in PetSpotAPI.
public struct URLSessionAnnouncementRepository: AnnouncementRepositoryProtocol {
    /// The server's root, e.g. `http://127.0.0.1:3000` (without `/api/v1`).
    public let baseURL: URL
    private let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func announcements(near location: Coordinate?, rangeKm: Int, matching text: String?) async throws(RepositoryError) -> [Announcement] {
        var query: [URLQueryItem] = []
        if let location {
            query = [
                URLQueryItem(name: "lat", value: String(location.latitude)),
                URLQueryItem(name: "lng", value: String(location.longitude)),
                URLQueryItem(name: "range", value: String(rangeKm)),
            ]
        }
        if let text { query.append(URLQueryItem(name: "q", value: text.limited(to: SearchText.maximumLength))) }
        let (data, _) = try await send(makeRequest(.listReports, query: query), expecting: 200)
        let list: AnnouncementListDTO = try decode(data)
        return list.data.map { withAbsolutePhotoURL($0.announcement) }
    }

    public func announcement(id: AnnouncementID) async throws(RepositoryError) -> Announcement {
        let (data, _) = try await send(makeRequest(.report(id)), expecting: 200)
        let item: AnnouncementDTO = try decode(data)
        return withAbsolutePhotoURL(item.announcement)
    }

    public func createAnnouncement(_ body: CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult {
        var request = makeRequest(.createReport)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(body)
        let (data, _) = try await send(request, expecting: 201)
        let created: Created = try decode(data)
        return AnnouncementResult(id: AnnouncementID(created.id), managementPassword: created.managementPassword)
    }

    /// What the app needs of the create answer: the report's id and its management password.
    private struct Created: Decodable {
        let id: String
        let managementPassword: String
    }

    public func uploadPhoto(_ upload: PhotoUploadRequest) async throws(RepositoryError) {
        let form = MultipartFormData(
            fieldName: "photo", fileName: "pet.\(upload.photo.imageType.fileExtension)",
            mimeType: upload.photo.mimeType, data: try upload.bytes())
        var request = makeRequest(.uploadPhoto(upload.announcementId))
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        authorize(&request, id: upload.announcementId, password: upload.managementPassword)
        request.httpBody = form.body
        _ = try await send(request, expecting: 201)
    }

    public func deleteAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {
        var request = makeRequest(.deleteReport(id))
        authorize(&request, id: id, password: managementPassword)
        _ = try await send(request, expecting: 204)
    }

    public func closeAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {
        var request = makeRequest(.updateReport(id))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        authorize(&request, id: id, password: managementPassword)
        request.httpBody = try? JSONEncoder().encode(UpdateAnnouncementRequest(status: .closed))
        _ = try await send(request, expecting: 200)
    }
}

extension URLSessionAnnouncementRepository {
    /// A request for one of the API's operations (`APIRoute`): its method and path on `baseURL`.
    func makeRequest(_ route: APIRoute, query: [URLQueryItem] = []) -> URLRequest {
        makeRequest(route.path, method: route.method, query: query)
    }

    private func makeRequest(_ path: String, method: String, query: [URLQueryItem]) -> URLRequest {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + path
        components.queryItems = query.isEmpty ? nil : query
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    func authorize(_ request: inout URLRequest, id: AnnouncementID, password: String) {
        let token = Data("\(id.rawValue):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
    }

    func send(_ request: URLRequest, expecting status: Int) async throws(RepositoryError) -> (Data, HTTPURLResponse) {
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .network(description: String(describing: error))
        }
        guard let http = response as? HTTPURLResponse else { throw .invalidResponse }
        guard http.statusCode == status else { throw Self.error(status: http.statusCode, body: data) }
        return (data, http)
    }

    static func error(status: Int, body: Data) -> RepositoryError {
        switch status {
        case 401, 403: return .unauthorized
        case 404: return .notFound
        default: return .http(status: status, error: (try? JSONDecoder().decode(APIErrorEnvelope.self, from: body))?.error)
        }
    }

    func decode<T: Decodable>(_ data: Data) throws(RepositoryError) -> T {
        do { return try JSONDecoder().decode(T.self, from: data) } catch { throw .invalidResponse }
    }

    /// Server photo paths (`/images/…`) made absolute against the server's root; others kept.
    func withAbsolutePhotoURL(_ announcement: Announcement) -> Announcement {
        guard let path = announcement.photoURL, path.hasPrefix("/") else { return announcement }
        var copy = announcement
        copy.photoURL = baseURL.absoluteString.trimmingSuffix("/") + path
        return copy
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
