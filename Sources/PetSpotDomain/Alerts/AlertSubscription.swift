import Foundation

/// Someone who asked to hear about new reports near a place, without an account: an e-mail
/// address, a circle, what to hear about and how often. Nothing but the confirmation e-mail is sent until
/// the address's owner confirms; the address is kept only for this, and goes when the subscription does.
public struct AlertSubscription: Sendable, Equatable, Identifiable {
    public enum Frequency: String, Sendable, Codable, CaseIterable {
        /// Each report at once (up to the daily cap; the rest go into that day's digest).
        case instant = "INSTANT"
        /// One e-mail a day with that day's reports.
        case daily = "DAILY"
    }

    public var id: String
    public var email: String
    public var center: Coordinate
    public var radiusKm: Double
    /// The place's name as chosen, for the e-mails ("near Żoliborz").
    public var placeName: String?
    /// Which kinds of report: missing, found or both.
    public var statuses: Set<AnnouncementStatus>
    /// Only these species; nil: all.
    public var species: Set<AnimalSpecies>?
    public var frequency: Frequency
    public var language: String
    public var createdAt: Date
    public var confirmedAt: Date?

    public init(
        id: String = UUID().uuidString.lowercased(), email: String, center: Coordinate, radiusKm: Double, placeName: String?,
        statuses: Set<AnnouncementStatus>, species: Set<AnimalSpecies>?, frequency: Frequency, language: String,
        createdAt: Date, confirmedAt: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.center = center
        self.radiusKm = radiusKm
        self.placeName = placeName
        self.statuses = statuses
        self.species = species
        self.frequency = frequency
        self.language = language
        self.createdAt = createdAt
        self.confirmedAt = confirmedAt
    }

    /// The radii offered, in km.
    public static let radii: [Double] = [1, 2, 5, 10, 25, 50]
    /// An unconfirmed subscription is deleted after this long.
    public static let confirmationLifetime: TimeInterval = 48 * 3600

    /// True when `report` is news for this subscription: of a kind and species it asked for, inside its circle.
    /// `km` widens the report's point to a circle (a missing pet's likely area): the
    /// subscription's circle need only meet it.
    public func covers(_ report: Announcement, within km: Double = 0) -> Bool {
        guard statuses.contains(report.status) else { return false }
        if let species, !species.contains(AnimalSpecies(apiValue: report.species)) { return false }
        return PublicArea.distanceKm(from: center, toReportAt: report.location) < radiusKm + km
    }

    /// The kinds as stored and sent: `MISSING`, `FOUND` or `MISSING,FOUND`.
    public var statusesText: String {
        [AnnouncementStatus.missing, .found].filter(statuses.contains).map(\.rawValue).joined(separator: ",")
    }

    /// The species as stored: upper-case names joined by commas; empty for all.
    public var speciesText: String {
        species.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? ""
    }

    public static func statuses(_ text: String) -> Set<AnnouncementStatus> {
        Set(text.split(separator: ",").compactMap { AnnouncementStatus(rawValue: String($0)) }.filter { $0 != .closed })
    }

    public static func species(_ text: String) -> Set<AnimalSpecies>? {
        let parsed = Set(text.split(separator: ",").compactMap { AnimalSpecies(rawValue: String($0)) })
        return parsed.isEmpty ? nil : parsed
    }
}

/// An alert form as typed on the web or sent to the API, and its one set of rules.
public struct AlertForm: Sendable, Equatable {
    public var email: String
    public var latitude: String
    public var longitude: String
    public var radiusKm: String
    /// `MISSING`, `FOUND` or `BOTH` (empty: both).
    public var kinds: String
    /// Species names; empty: all.
    public var species: [String]
    /// `INSTANT` or `DAILY` (empty: instant).
    public var frequency: String

    public enum Problem: String, Sendable, Equatable {
        case emailInvalid = "errorEmail"
        case locationMissing = "alertWhereMissing"
        case locationInvalid = "sightingWhereInvalid"
        case radiusInvalid = "alertRadiusInvalid"
        case kindsInvalid = "alertKindsInvalid"
        case speciesInvalid = "alertSpeciesInvalid"
        case frequencyInvalid = "alertFrequencyInvalid"
    }

    public init(
        email: String = "", latitude: String = "", longitude: String = "", radiusKm: String = "5", kinds: String = "",
        species: [String] = [], frequency: String = ""
    ) {
        self.email = email.trimmingCharacters(in: .whitespaces)
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
        self.kinds = kinds
        self.species = species
        self.frequency = frequency
    }

    /// The subscription (not yet confirmed), or every problem with the form, each with its field.
    public func validate(placeName: String?, language: String, now: Date) -> Result<AlertSubscription, AlertProblems> {
        var problems: [(String, Problem)] = []
        if !ContactRules.isValidEmail(email) || email.limitLength > ContactRules.emailLimit { problems.append(("email", .emailInvalid)) }
        var center: Coordinate?
        if latitude.trimmingCharacters(in: .whitespaces).isEmpty || longitude.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(("place", .locationMissing))
        } else if let lat = ReportForm.number(latitude), let lng = ReportForm.number(longitude), Coordinate(latitude: lat, longitude: lng).isValid {
            center = Coordinate(latitude: lat, longitude: lng)
        } else {
            problems.append(("place", .locationInvalid))
        }
        let radius = ReportForm.number(radiusKm)
        if radius.map({ !AlertSubscription.radii.contains($0) }) ?? true { problems.append(("radiusKm", .radiusInvalid)) }
        let statuses: Set<AnnouncementStatus>?
        switch kinds.uppercased() {
        case "", "BOTH", "MISSING,FOUND", "FOUND,MISSING": statuses = [.missing, .found]
        case "MISSING": statuses = [.missing]
        case "FOUND": statuses = [.found]
        default: statuses = nil
        }
        if statuses == nil { problems.append(("kinds", .kindsInvalid)) }
        let named = species.filter { !$0.isEmpty }
        let parsed = Set(named.compactMap { AnimalSpecies(rawValue: $0.uppercased()) })
        if parsed.count != Set(named.map { $0.uppercased() }).count { problems.append(("species", .speciesInvalid)) }
        let frequency = frequency.isEmpty ? .instant : AlertSubscription.Frequency(rawValue: frequency.uppercased())
        if frequency == nil { problems.append(("frequency", .frequencyInvalid)) }
        guard problems.isEmpty, let center, let radius, let statuses, let frequency else {
            return .failure(AlertProblems(problems: problems.map { AlertProblems.Item(field: $0.0, problem: $0.1) }))
        }
        return .success(
            AlertSubscription(
                email: email, center: center, radiusKm: radius, placeName: placeName?.withoutControlCharacters(allowingLines: false),
                statuses: statuses,
                species: parsed.isEmpty || parsed.count == AnimalSpecies.allCases.count ? nil : parsed,
                frequency: frequency, language: language, createdAt: now))
    }
}

/// Every problem of an alert form.
public struct AlertProblems: Error, Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var field: String
        public var problem: AlertForm.Problem
    }
    public var problems: [Item]

    public init(problems: [Item]) { self.problems = problems }
}
