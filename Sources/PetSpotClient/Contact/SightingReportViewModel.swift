import Foundation
import Observation

/// "I saw this pet": when (now unless changed), where (a place chosen in the place search, or
/// the device's location), a note, a photo and an e-mail to hear when the pet is found. The rules are the
/// server's (`SightingForm`), checked here first; the answer is what the timeline shows.
@MainActor @Observable
public final class SightingReportViewModel {
    public var seenAt: Date
    /// Where the pet was seen.
    public private(set) var point = ChosenPoint()
    public var latitude: Double? { point.latitude }
    public var longitude: Double? { point.longitude }
    public var placeName: String? { point.placeName }
    public private(set) var note = ""
    public var email = ""
    public var photo: SightingPhoto?
    public private(set) var whenError: String?
    public private(set) var whereError: String?
    public private(set) var noteError: String?
    public private(set) var emailError: String?
    /// A failure to show (connection, limit, a closed report); nil otherwise.
    public private(set) var alertMessage: String?
    public private(set) var isSending = false
    /// The sighting as the server shows it, once sent.
    public private(set) var sent: SightingDTO?
    public let strings: LocalizedStrings
    @ObservationIgnored public var onSent: ((SightingDTO) -> Void)?
    private let reportID: AnnouncementID
    private let repository: any SightingsRepositoryProtocol
    private let now: @Sendable () -> Date

    public init(
        reportID: AnnouncementID, repository: any SightingsRepositoryProtocol, strings: LocalizedStrings = LocalizedStrings(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.reportID = reportID
        self.repository = repository
        self.strings = strings
        self.now = now
        seenAt = now()
    }

    /// A place picked in `PlaceSearchViewModel`: its point stands for where.
    public func placeChosen(_ place: PlaceDTO) {
        point.pick(place, named: "\(place.name), \(place.countryCode)")
        whereError = nil
    }

    /// The device's location.
    public func locationFound(_ coordinate: Coordinate) {
        point.locate(coordinate)
        whereError = nil
    }

    /// Typing the note; capped at the server's 500 characters.
    public func noteChanged(_ text: String) {
        note = text.limited(to: SightingForm.noteLimit)
    }

    /// Checks the form and sends it; on success `sent` is set and `onSent` called.
    public func sendTapped() async {
        guard !isSending else { return }
        let form = SightingForm(
            seenAt: Timestamp.string(seenAt), latitude: point.latitudeText,
            longitude: point.longitudeText, note: note, email: email)
        whenError = nil; whereError = nil; noteError = nil; emailError = nil; alertMessage = nil
        let valid: SightingForm.Valid
        switch form.validate(now: now(), timeZone: .current) {
        case .success(let value): valid = value
        case .failure(let problems):
            for problem in problems.problems { show(problem.problem) }
            return
        }
        isSending = true
        defer { isSending = false }
        let request = CreateSightingRequest(
            seenAt: Timestamp.string(valid.seenAt), latitude: valid.location.latitude,
            longitude: valid.location.longitude, note: valid.note, email: valid.email)
        do {
            let sighting = try await repository.addSighting(to: reportID, request, photo: photo)
            sent = sighting
            onSent?(sighting)
        } catch {
            alertMessage =
                switch error {
                case .http(status: 429, _): strings[.tooManyTryLater]
                case .http(status: 409, _), .notFound: strings[.sightingClosed]
                default: strings[.sightingFailed]
                }
        }
    }

    private func show(_ problem: SightingForm.Problem) {
        switch problem {
        case .seenAtInvalid: whenError = strings[.sightingWhenInvalid]
        case .seenAtFuture: whenError = strings[.sightingWhenFuture]
        case .seenAtTooOld: whenError = strings[.sightingWhenOld]
        case .locationMissing: whereError = strings[.sightingWhereMissing]
        case .locationInvalid: whereError = strings[.sightingWhereInvalid]
        case .noteTooLong: noteError = strings[.sightingNoteLong]
        case .emailInvalid: emailError = strings[.sightingEmailInvalid]
        }
    }
}

/// A missing report's sightings, newest first, for its details screen; with the management password the
/// owner sees the hidden ones too and can hide or show each.
@MainActor @Observable
public final class SightingTimelineViewModel {
    public private(set) var sightings: [SightingDTO] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public let strings: LocalizedStrings
    private let reportID: AnnouncementID
    private let managementPassword: String?
    private let repository: any SightingsRepositoryProtocol

    public init(
        reportID: AnnouncementID, managementPassword: String? = nil, repository: any SightingsRepositoryProtocol,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.reportID = reportID
        self.managementPassword = managementPassword
        self.repository = repository
        self.strings = strings
    }

    /// True when the owner's controls (hide, show) apply.
    public var isOwner: Bool { managementPassword != nil }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            sightings = try await repository.sightings(of: reportID, managementPassword: managementPassword)
            errorMessage = nil
        } catch {
            errorMessage = strings[.sightingsLoadFailed]
        }
    }

    /// The owner hides a sighting (or shows it again); the list follows the server's answer.
    public func setHidden(_ sighting: SightingDTO, hidden: Bool) async {
        guard let managementPassword else { return }
        do {
            let changed = try await repository.setSightingHidden(
                sighting.id, of: reportID, hidden: hidden,
                managementPassword: managementPassword)
            sightings = sightings.map { $0.id == changed.id ? changed : $0 }
        } catch {
            errorMessage = strings[.sightingsLoadFailed]
        }
    }
}
