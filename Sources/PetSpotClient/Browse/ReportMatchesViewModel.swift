import Foundation
import Observation

/// The owner's "possible matches" screen: the reports of the other kind that may be their pet (same
/// microchip first, then similar ones nearby), best first, with the management code. Decoded with the
/// server's own wire type (`AnnouncementMatchDTO`).
@MainActor @Observable
public final class ReportMatchesViewModel {
    public private(set) var matches: [AnnouncementMatchDTO] = []
    public private(set) var isLoading = false
    /// Why the list could not be loaded (a wrong code, no connection); nil otherwise.
    public private(set) var errorMessage: String?
    public let strings: LocalizedStrings
    private let reportID: AnnouncementID
    private let managementPassword: String
    private let repository: any ReportMatchesRepository

    public init(
        reportID: AnnouncementID, managementPassword: String, repository: any ReportMatchesRepository,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.reportID = reportID
        self.managementPassword = managementPassword
        self.repository = repository
        self.strings = strings
    }

    /// True when a match has the same microchip number (the strongest sign).
    public func isChipMatch(_ match: AnnouncementMatchDTO) -> Bool { match.reason == "MICROCHIP" }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            matches = try await repository.matches(for: reportID, managementPassword: managementPassword)
            errorMessage = nil
        } catch {
            errorMessage = error == .unauthorized ? strings[.matchesWrongCode] : strings[.matchesLoadFailed]
        }
    }
}
