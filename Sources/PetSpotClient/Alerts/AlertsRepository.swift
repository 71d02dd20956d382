import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotAPI

/// Nearby alerts for an app's "alert me" screen: `/api/v1/alerts`, with the server's own wire
/// types. Creating sends only the confirmation e-mail; the answer's `manageToken` opens the subscription.
public protocol AlertsRepositoryProtocol: Sendable {
    func subscribe(_ request: CreateAlertRequest) async throws(RepositoryError) -> AlertDTO
    func alert(id: String, token: String) async throws(RepositoryError) -> AlertDTO
    func updateAlert(id: String, token: String, _ request: CreateAlertRequest) async throws(RepositoryError) -> AlertDTO
    func unsubscribe(id: String, token: String) async throws(RepositoryError)
}

extension URLSessionAnnouncementRepository: AlertsRepositoryProtocol {
    public func subscribe(_ request: CreateAlertRequest) async throws(RepositoryError) -> AlertDTO {
        var http = makeRequest(.createAlert)
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        http.httpBody = try? JSONEncoder().encode(request)
        let (data, _) = try await send(http, expecting: 202)
        return try decode(data)
    }

    public func alert(id: String, token: String) async throws(RepositoryError) -> AlertDTO {
        let (data, _) = try await send(makeRequest(.alert(id), query: [URLQueryItem(name: "token", value: token)]), expecting: 200)
        return try decode(data)
    }

    public func updateAlert(id: String, token: String, _ request: CreateAlertRequest) async throws(RepositoryError) -> AlertDTO {
        var http = makeRequest(.updateAlert(id), query: [URLQueryItem(name: "token", value: token)])
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        var body = request
        body.email = nil
        http.httpBody = try? JSONEncoder().encode(body)
        let (data, _) = try await send(http, expecting: 200)
        return try decode(data)
    }

    public func unsubscribe(id: String, token: String) async throws(RepositoryError) {
        _ = try await send(makeRequest(.deleteAlert(id), query: [URLQueryItem(name: "token", value: token)]), expecting: 204)
    }
}
