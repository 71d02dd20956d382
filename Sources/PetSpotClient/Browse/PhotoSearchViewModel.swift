import Foundation
import Observation

/// The finder's "search by photo" screen: a photo of the pet they hold (not filed, not kept), where they are
/// and how far to look; the missing pets nearby whose photos look most like it, the most alike first, each
/// with the likeness in words. Everything the server can refuse is said in the app's language.
@MainActor @Observable
public final class PhotoSearchViewModel {
    /// One report found, as the list shows it.
    public struct Result: Equatable, Sendable, Identifiable {
        public let announcement: Announcement
        /// `VERY_ALIKE`, `SIMILAR` or `SOMEWHAT`.
        public let likeness: String
        /// The likeness in the app's language.
        public let likenessText: String
        public var id: AnnouncementID { announcement.id }
    }

    public var photo: (data: Data, type: PhotoImageType)?
    /// Where the finder is; nil searches everywhere.
    public var location: Coordinate?
    public var rangeKm = 10
    /// Which reports to compare with: missing pets for a finder, found ones for an owner.
    public var status: AnnouncementStatus = .missing
    public private(set) var results: [Result] = []
    public private(set) var isSearching = false
    /// Set after a search that found nothing.
    public private(set) var isEmpty = false
    public private(set) var errorMessage: String?
    public let strings: LocalizedStrings
    private let repository: any PhotoSearchRepository

    public init(repository: any PhotoSearchRepository, strings: LocalizedStrings = LocalizedStrings()) {
        self.repository = repository
        self.strings = strings
    }

    public func search() async {
        guard let photo else {
            errorMessage = strings[.photoSearchNoPhoto]
            return
        }
        isSearching = true
        defer { isSearching = false }
        do {
            let found = try await repository.searchByPhoto(photo.data, type: photo.type, near: location, rangeKm: rangeKm, status: status)
            results = found.map { Result(announcement: $0.announcement.announcement, likeness: $0.likeness, likenessText: words($0.likeness)) }
            isEmpty = results.isEmpty
            errorMessage = nil
        } catch {
            results = []
            isEmpty = false
            errorMessage = message(for: error)
        }
    }

    func words(_ likeness: String) -> String {
        switch likeness {
        case "VERY_ALIKE": strings[.photoSearchVeryAlike]
        case "SIMILAR": strings[.photoSearchSimilar]
        default: strings[.photoSearchSomewhat]
        }
    }

    /// What the finder is told when the server refuses or cannot be reached.
    func message(for error: RepositoryError) -> String {
        switch error {
        case .http(429, _): strings[.photoSearchTooMany]
        case .http(503, let body) where body?.message == PhotoSearchListDTO.offMessage: strings[.photoSearchOff]
        case .http(503, _): strings[.photoSearchBusy]
        case .http(400, _), .http(413, _), .http(415, _): strings[.photoSearchUnreadable]
        default: strings[.photoSearchFailed]
        }
    }
}
