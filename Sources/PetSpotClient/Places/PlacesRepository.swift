import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI

/// Finds places by name on the PetSpot server (`GET /api/v1/places`), decoding the server's own wire type.
public protocol PlacesRepositoryProtocol: Sendable {
    func places(matching query: String, near: Coordinate?, limit: Int) async throws(RepositoryError) -> [PlaceDTO]
}

extension URLSessionAnnouncementRepository: PlacesRepositoryProtocol {
    public func places(matching query: String, near: Coordinate?, limit: Int) async throws(RepositoryError) -> [PlaceDTO] {
        var items = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: String(limit))]
        if let near { items.append(URLQueryItem(name: "near", value: "\(near.latitude),\(near.longitude)")) }
        let (data, _) = try await send(makeRequest(.places, query: items), expecting: 200)
        let list: PlaceListDTO = try decode(data)
        return list.data
    }
}
