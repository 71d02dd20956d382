import Foundation
import PetSpotDomain

/// The body of `POST /api/v1/alerts` (and, without `email`, `PATCH /api/v1/alerts/{id}`): nearby alerts
/// for an app's "alert me" screen. Shared by the server and PetSpotClient.
public struct CreateAlertRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var latitude: Double
    public var longitude: Double
    /// One of 1, 2, 5, 10, 25, 50.
    public var radiusKm: Double
    /// The place's name for the e-mails; default: the nearest place's.
    public var placeName: String?
    /// `MISSING`, `FOUND` or `BOTH` (default).
    public var kinds: String?
    /// Species names; empty or absent: all.
    public var species: [String]?
    /// `INSTANT` (default) or `DAILY`.
    public var frequency: String?
    /// `en` or `pl`; default: from `Accept-Language`.
    public var language: String?

    public init(
        email: String?, latitude: Double, longitude: Double, radiusKm: Double, placeName: String? = nil, kinds: String? = nil,
        species: [String]? = nil, frequency: String? = nil, language: String? = nil
    ) {
        self.email = email
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
        self.placeName = placeName
        self.kinds = kinds
        self.species = species
        self.frequency = frequency
        self.language = language
    }
}

/// A subscription as its holder sees it. `manageToken` (only in the answer to its creation, and to the
/// holder of a link) opens `GET/PATCH/DELETE /api/v1/alerts/{id}?token=`.
public struct AlertDTO: Codable, Sendable, Equatable {
    public var id: String
    public var email: String
    public var latitude: Double
    public var longitude: Double
    public var radiusKm: Double
    public var placeName: String?
    public var kinds: String
    public var species: [String]
    public var frequency: String
    public var language: String
    /// `PENDING` until the address's owner follows the e-mailed link, then `ACTIVE`.
    public var status: String
    public var manageToken: String?

    public init(_ subscription: AlertSubscription, manageToken: String?) {
        id = subscription.id
        email = subscription.email
        latitude = subscription.center.latitude
        longitude = subscription.center.longitude
        radiusKm = subscription.radiusKm
        placeName = subscription.placeName
        kinds = subscription.statuses.count == 2 ? "BOTH" : subscription.statusesText
        species = subscription.species.map { $0.map(\.rawValue).sorted() } ?? []
        frequency = subscription.frequency.rawValue
        language = subscription.language
        status = subscription.confirmedAt == nil ? "PENDING" : "ACTIVE"
        self.manageToken = manageToken
    }
}
