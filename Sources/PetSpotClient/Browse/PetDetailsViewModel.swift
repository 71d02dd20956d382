import Observation

/// One report's details screen: loading, loaded or failed with Retry.
@MainActor @Observable
public final class PetDetailsViewModel {
    /// What the details screen shows.
    public enum State: Equatable, Sendable {
        case loading
        case loaded(PetDetailsModel)
        case error(title: String, message: String)
    }

    public let announcementId: AnnouncementID
    public private(set) var state: State = .loading
    public let strings: LocalizedStrings
    @ObservationIgnored public var onBack: (() -> Void)?
    @ObservationIgnored public var onShowMap: ((Coordinate) -> Void)?
    private let repository: any AnnouncementRepositoryProtocol

    public init(
        announcementId: AnnouncementID, repository: any AnnouncementRepositoryProtocol,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.announcementId = announcementId
        self.repository = repository
        self.strings = strings
    }

    public var details: PetDetailsModel? {
        if case .loaded(let details) = state { return details }
        return nil
    }

    public func load() async {
        state = .loading
        do {
            let announcement = try await repository.announcement(id: announcementId)
            state = .loaded(PetDetailsModel(announcement, formatting: DisplayFormatting(strings: strings)))
        } catch {
            let message: StringKey =
                switch error {
                case .notFound: .detailsErrorNotFound
                case .network: .listErrorNoConnection
                default: .detailsErrorLoadingFailed
                }
            state = .error(title: strings[.detailsErrorTitle], message: strings[message])
        }
    }

    public func retryTapped() async {
        await load()
    }

    /// "Show on the map": only once the details are loaded.
    public func showOnMapTapped() {
        guard let details else { return }
        onShowMap?(details.coordinate)
    }

    public func backTapped() {
        onBack?()
    }
}
