import Foundation
import Observation

/// The list of reports near a place: loading, loaded, empty or failed with Retry.
@MainActor @Observable
public final class AnnouncementListViewModel {
    /// What the list screen shows.
    public enum State: Equatable, Sendable {
        case loading
        case loaded([AnnouncementCardModel])
        case empty(message: String)
        case error(title: String, message: String)
    }

    public private(set) var state: State = .loading
    /// Where to search around; nil lists every report.
    public var location: Coordinate?
    /// Words of the pet's looks from the search field: the best matches first; blank lists all.
    public var searchText = ""
    public let rangeKm: Int
    public let strings: LocalizedStrings
    @ObservationIgnored public var onAnnouncementSelected: ((AnnouncementID) -> Void)?
    @ObservationIgnored public var onReportMissing: (() -> Void)?
    @ObservationIgnored public var onReportFound: (() -> Void)?
    private let repository: any AnnouncementRepositoryProtocol
    /// Counts loads, so that an earlier one answering late (the place changed meanwhile) is dropped.
    private var generation = 0

    public init(
        repository: any AnnouncementRepositoryProtocol, location: Coordinate? = nil, rangeKm: Int = 100,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.repository = repository
        self.location = location
        self.rangeKm = rangeKm
        self.strings = strings
    }

    public var title: String { strings[.listNavigationTitle] }
    public var loadingMessage: String { strings[.listLoadingMessage] }
    public var retryButtonTitle: String { strings[.commonRetry] }
    public var searchPlaceholder: String { strings[.listSearchPlaceholder] }

    /// Loads (or reloads) the reports around `location`. A newer load supersedes one in progress: the
    /// older answer, whenever it comes, is not shown.
    public func load() async {
        generation += 1
        let mine = generation
        state = .loading
        do {
            let words = searchText.trimmingCharacters(in: .whitespacesAndNewlines)
            let items = try await repository.announcements(near: location, rangeKm: rangeKm, matching: words.isEmpty ? nil : words)
            guard mine == generation, !Task.isCancelled else { return }
            let formatting = DisplayFormatting(strings: strings)
            state =
                items.isEmpty
                ? .empty(message: strings[words.isEmpty ? .listEmptyMessage : .listSearchEmptyMessage])
                : .loaded(items.map { AnnouncementCardModel($0, formatting: formatting) })
        } catch {
            guard mine == generation, !Task.isCancelled else { return }
            let message = strings[error.isConnectivityProblem ? .listErrorNoConnection : .listErrorLoadingFailed]
            state = .error(title: strings[.listErrorTitle], message: message)
        }
    }

    /// Retry after an error: the same query again.
    public func retryTapped() async {
        await load()
    }

    public func announcementTapped(_ id: AnnouncementID) {
        onAnnouncementSelected?(id)
    }

    public func reportMissingTapped() {
        onReportMissing?()
    }

    public func reportFoundTapped() {
        onReportFound?()
    }
}
