import Foundation
import Observation

/// The "alert me" screen: an address, a place (from the place search or the device), a
/// radius, missing/found/both, a species and how often. Subscribing asks the server, which e-mails a
/// confirmation link; until it is followed the subscription is `PENDING`. The id and `manageToken` the
/// answer carries are what the app keeps to show, change or stop the alerts.
@MainActor @Observable
public final class AlertSubscriptionViewModel {
    public var email = ""
    public var radiusKm: Double = 5
    public var kinds = "BOTH"
    public var species: AnimalSpecies?
    public var frequency: AlertSubscription.Frequency = .instant
    /// The alerts' centre.
    public private(set) var point = ChosenPoint()
    public var latitude: Double? { point.latitude }
    public var longitude: Double? { point.longitude }
    public var placeName: String? { point.placeName }
    public private(set) var emailError: String?
    public private(set) var whereError: String?
    public private(set) var alertMessage: String?
    public private(set) var isSending = false
    /// The subscription as the server has it (with its `manageToken`), once asked for.
    public private(set) var subscription: AlertDTO?
    public let strings: LocalizedStrings
    public static let radii = AlertSubscription.radii
    private let repository: any AlertsRepositoryProtocol

    public init(repository: any AlertsRepositoryProtocol, strings: LocalizedStrings = LocalizedStrings()) {
        self.repository = repository
        self.strings = strings
    }

    public func placeChosen(_ place: PlaceDTO) {
        point.pick(place, named: place.name)
        whereError = nil
    }

    public func locationFound(_ coordinate: Coordinate) {
        point.locate(coordinate)
        whereError = nil
    }

    /// True once the address's owner followed the e-mailed link (after `refresh`).
    public var isActive: Bool { subscription?.status == "ACTIVE" }

    public func subscribeTapped() async {
        guard !isSending else { return }
        emailError = nil; whereError = nil; alertMessage = nil
        let form = AlertForm(
            email: email, latitude: point.latitudeText, longitude: point.longitudeText,
            radiusKm: String(radiusKm), kinds: kinds, species: species.map { [$0.rawValue] } ?? [],
            frequency: frequency.rawValue)
        if case .failure(let problems) = form.validate(placeName: placeName, language: strings.language.rawValue, now: Date()) {
            for problem in problems.problems {
                if problem.field == "email" { emailError = strings[.ownersEmailError] } else { whereError = strings[.sightingWhereMissing] }
            }
            return
        }
        isSending = true
        defer { isSending = false }
        do {
            subscription = try await repository.subscribe(
                CreateAlertRequest(
                    email: form.email, latitude: latitude ?? 0, longitude: longitude ?? 0, radiusKm: radiusKm, placeName: placeName,
                    kinds: kinds, species: species.map { [$0.rawValue] }, frequency: frequency.rawValue, language: strings.language.rawValue))
            alertMessage = strings[.alertsCheckInbox]
        } catch {
            if case .http(status: 429, _) = error { alertMessage = strings[.tooManyTryLater] } else { alertMessage = strings[.alertsFailed] }
        }
    }

    /// Asks the server where the subscription stands (pending or active).
    public func refresh() async {
        guard let current = subscription, let token = current.manageToken else { return }
        subscription = try? await repository.alert(id: current.id, token: token)
    }

    /// Stops the alerts; the server deletes the address.
    public func unsubscribeTapped() async {
        guard let current = subscription, let token = current.manageToken else { return }
        do {
            try await repository.unsubscribe(id: current.id, token: token)
            subscription = nil
            alertMessage = strings[.alertsStopped]
        } catch {
            alertMessage = strings[.alertsFailed]
        }
    }
}
