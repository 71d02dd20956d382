import Foundation
import Observation

/// A place search field's model: each change of `query` waits `debounce` for the typing to pause, then
/// asks the server; a newer change cancels the search in progress, so results never arrive out of
/// order. `select` hands the chosen place to the report step that asked (`onPlaceSelected`).
@MainActor @Observable
public final class PlaceSearchViewModel {
    public var query = "" {
        didSet { if query != oldValue { scheduleSearch() } }
    }
    public private(set) var results: [PlaceDTO] = []
    public private(set) var isSearching = false
    /// "Could not search places" when the server could not be asked; nil otherwise.
    public private(set) var errorMessage: String?
    public private(set) var selected: PlaceDTO?
    /// The search waiting or running (for tests and for views that show progress).
    public private(set) var pendingSearch: Task<Void, Never>?
    @ObservationIgnored public var onPlaceSelected: ((PlaceDTO) -> Void)?

    public static let minimumQueryLength = 2
    private let repository: any PlacesRepositoryProtocol
    private let debounce: Duration
    private let near: Coordinate?
    private let limit: Int
    private let strings: LocalizedStrings

    public init(
        repository: any PlacesRepositoryProtocol, near: Coordinate? = nil, limit: Int = 8,
        debounce: Duration = .milliseconds(300), strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.repository = repository
        self.near = near
        self.limit = limit
        self.debounce = debounce
        self.strings = strings
    }

    /// The text to show for a place in the list: "Warsaw, PL".
    public func title(of place: PlaceDTO) -> String { "\(place.name), \(place.countryCode)" }

    public func select(_ place: PlaceDTO) {
        pendingSearch?.cancel()
        selected = place
        query = title(of: place)
        pendingSearch?.cancel()
        results = []
        onPlaceSelected?(place)
    }

    private func scheduleSearch() {
        pendingSearch?.cancel()
        errorMessage = nil
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count >= Self.minimumQueryLength, text != selected.map(title(of:)) else {
            results = []
            isSearching = false
            return
        }
        let (repository, debounce, near, limit) = (repository, debounce, near, limit)
        pendingSearch = Task { [weak self] in
            do {
                try await Task.sleep(for: debounce)
                self?.isSearching = true
                let found = try await repository.places(matching: text, near: near, limit: limit)
                guard !Task.isCancelled else { return }
                self?.results = found
            } catch is CancellationError {
                return
            } catch {
                guard !Task.isCancelled else { return }
                self?.results = []
                self?.errorMessage = self?.strings[.placeSearchFailed]
            }
            self?.isSearching = false
        }
    }
}
