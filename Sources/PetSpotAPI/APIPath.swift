import Foundation
import PetSpotDomain

/// Every path of the HTTP contract, written once for the server's router and the client's requests.
public enum APIPath {
    public static let health = "/api/health"
    /// 200 while the database answers, 503 otherwise.
    public static let ready = "/api/ready"
    /// Prometheus metrics.
    public static let metrics = "/metrics"
    public static let announcements = "/api/v1/announcements"
    public static let users = "/api/v1/users"
    public static let login = "/api/v1/users/login"
    public static let adminAnnouncements = "/api/admin/v1/announcements"
    public static let images = "/images"
    public static let places = "/api/v1/places"
    public static let reversePlace = "/api/v1/places/reverse"
    public static let openAPI = "/openapi.json"
    public static let alerts = "/api/v1/alerts"
    /// "My reports": asks for the e-mailed link to everything an address filed.
    public static let myReports = "/api/v1/my-reports"

    public static func announcement(_ id: AnnouncementID) -> String { "\(announcements)/\(escaped(id))" }
    public static func photos(_ id: AnnouncementID) -> String { "\(announcement(id))/photos" }
    public static func matches(_ id: AnnouncementID) -> String { "\(announcement(id))/matches" }
    public static func sightings(_ id: AnnouncementID) -> String { "\(announcement(id))/sightings" }
    public static func sighting(_ sightingID: String, of id: AnnouncementID) -> String {
        "\(sightings(id))/\(escaped(AnnouncementID(sightingID)))"
    }
    public static func messages(_ id: AnnouncementID) -> String { "\(announcement(id))/messages" }
    public static func alert(_ id: String) -> String { "\(alerts)/\(escaped(AnnouncementID(id)))" }

    /// The path segment for an id, percent-encoded so that no id can change the path's shape.
    static func escaped(_ id: AnnouncementID) -> String {
        id.rawValue.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_", "."])) ?? id.rawValue
    }
}
