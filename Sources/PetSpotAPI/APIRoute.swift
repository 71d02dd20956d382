import Foundation
import PetSpotDomain

/// Every operation of the HTTP API, declared once: its method, its path pattern (`:id`, `:sighting` and
/// `:name` stand where the values go) and the path of one request, its ids percent-encoded. The server
/// registers its routes from it, PetSpotClient builds its requests from it, and a test holds it against
/// `openapi.json`. The request and response bodies are the DTOs beside it (`AnnouncementDTO`, …).
public enum APIRoute: Sendable, Equatable {
    case health, ready, metrics, openAPI
    case register, login
    case listReports, createReport
    case report(AnnouncementID), updateReport(AnnouncementID), deleteReport(AnnouncementID), adminDeleteReport(AnnouncementID)
    case uploadPhoto(AnnouncementID), matches(AnnouncementID), sendMessage(AnnouncementID)
    case flagReport(AnnouncementID), flagSighting(AnnouncementID, sighting: String)
    case sightings(AnnouncementID), createSighting(AnnouncementID), hideSighting(AnnouncementID, sighting: String)
    case photo(name: String)
    case places, reversePlace
    case createAlert, alert(String), updateAlert(String), deleteAlert(String)
    case myReports
    case photoSearch

    /// One of each operation, as the router registers them.
    public static let all: [APIRoute] = {
        let id = AnnouncementID("")
        return [
            .health, .ready, .metrics, .openAPI, .register, .login, .listReports, .createReport, .report(id), .updateReport(id),
            .deleteReport(id), .adminDeleteReport(id), .uploadPhoto(id), .matches(id), .sendMessage(id), .flagReport(id),
            .flagSighting(id, sighting: ""), .sightings(id), .createSighting(id), .hideSighting(id, sighting: ""), .photo(name: ""),
            .places, .reversePlace, .createAlert, .alert(""), .updateAlert(""), .deleteAlert(""), .myReports, .photoSearch,
        ]
    }()

    public var method: String {
        switch self {
        case .register, .login, .createReport, .uploadPhoto, .sendMessage, .flagReport, .flagSighting, .createSighting, .createAlert,
            .myReports, .photoSearch:
            "POST"
        case .updateReport, .hideSighting, .updateAlert: "PATCH"
        case .deleteReport, .adminDeleteReport, .deleteAlert: "DELETE"
        default: "GET"
        }
    }

    /// PetSpot's own writes that a stranger's page could aim at its visitors' browsers, each visitor
    /// another network: flags (they hold reports), messages and sightings (they mail owners; a scam
    /// flag blocks the sender), alerts and "my reports" (they mail an address), search by photo (it runs
    /// the model). A browser may send them from PetSpot's own pages only; apps send no `Origin`. The old
    /// backend's operations stay open to any page, as its `cors()` left them.
    public var refusesOtherSites: Bool {
        switch self {
        case .sendMessage, .flagReport, .flagSighting, .createSighting, .createAlert, .myReports, .photoSearch: true
        default: false
        }
    }

    /// The router's pattern.
    public var pattern: String {
        switch self {
        case .health: APIPath.health
        case .ready: APIPath.ready
        case .metrics: APIPath.metrics
        case .openAPI: APIPath.openAPI
        case .register: APIPath.users
        case .login: APIPath.login
        case .listReports, .createReport: APIPath.announcements
        case .report, .updateReport, .deleteReport: APIPath.announcements + "/:id"
        case .adminDeleteReport: APIPath.adminAnnouncements + "/:id"
        case .uploadPhoto: APIPath.announcements + "/:id/photos"
        case .matches: APIPath.announcements + "/:id/matches"
        case .sendMessage: APIPath.announcements + "/:id/messages"
        case .flagReport: APIPath.announcements + "/:id/flags"
        case .flagSighting: APIPath.announcements + "/:id/sightings/:sighting/flags"
        case .sightings, .createSighting: APIPath.announcements + "/:id/sightings"
        case .hideSighting: APIPath.announcements + "/:id/sightings/:sighting"
        case .photo: APIPath.images + "/:name"
        case .places: APIPath.places
        case .reversePlace: APIPath.reversePlace
        case .createAlert: APIPath.alerts
        case .alert, .updateAlert, .deleteAlert: APIPath.alerts + "/:id"
        case .myReports: APIPath.myReports
        case .photoSearch: APIPath.photoSearch
        }
    }

    /// The path of this request: the pattern with its values, percent-encoded.
    public var path: String {
        switch self {
        case .report(let id), .updateReport(let id), .deleteReport(let id), .adminDeleteReport(let id), .uploadPhoto(let id),
            .matches(let id), .sendMessage(let id), .flagReport(let id), .sightings(let id), .createSighting(let id):
            fill(id: id.rawValue)
        case .flagSighting(let id, let sighting), .hideSighting(let id, let sighting):
            fill(id: id.rawValue).replacingOccurrences(of: ":sighting", with: APIPath.escaped(AnnouncementID(sighting)))
        case .alert(let id), .updateAlert(let id), .deleteAlert(let id): fill(id: id)
        case .photo(let name): pattern.replacingOccurrences(of: ":name", with: APIPath.escaped(AnnouncementID(name)))
        default: pattern
        }
    }

    private func fill(id: String) -> String { pattern.replacingOccurrences(of: ":id", with: APIPath.escaped(AnnouncementID(id))) }
}
