import Foundation
import PetSpotDomain

/// The HTTP contract's base paths, and the paths of requests (`APIRoute` declares each operation).
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
    /// Search by photo: the reports nearby whose photos look like an uploaded one.
    public static let photoSearch = "/api/v1/photo-search"
    /// "My reports": asks for the e-mailed link to everything an address filed.
    public static let myReports = "/api/v1/my-reports"

    public static func announcement(_ id: AnnouncementID) -> String { APIRoute.report(id).path }
    public static func photos(_ id: AnnouncementID) -> String { APIRoute.uploadPhoto(id).path }
    public static func matches(_ id: AnnouncementID) -> String { APIRoute.matches(id).path }
    public static func sightings(_ id: AnnouncementID) -> String { APIRoute.sightings(id).path }
    public static func sighting(_ sightingID: String, of id: AnnouncementID) -> String { APIRoute.hideSighting(id, sighting: sightingID).path }
    public static func messages(_ id: AnnouncementID) -> String { APIRoute.sendMessage(id).path }
    public static func alert(_ id: String) -> String { APIRoute.alert(id).path }

    /// The path segment for an id, percent-encoded so that no id can change the path's shape.
    static func escaped(_ id: AnnouncementID) -> String {
        id.rawValue.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_", "."])) ?? id.rawValue
    }
}
