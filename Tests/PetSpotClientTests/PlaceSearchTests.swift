import Foundation
@testable import PetSpotClient
import Testing

/// A places repository that records what it was asked and can hold an answer back.
actor RecordingPlaces: PlacesRepositoryProtocol {
    private(set) var queries: [String] = []
    private var held: [String: CheckedContinuation<Void, Never>] = [:]
    private var holding: Set<String> = []
    private var asked: [String: CheckedContinuation<Void, Never>] = [:]

    func hold(_ query: String) { holding.insert(query) }
    func release(_ query: String) { held.removeValue(forKey: query)?.resume() }
    /// Returns once `query` was asked for.
    func waitUntilAsked(_ query: String) async {
        if queries.contains(query) { return }
        await withCheckedContinuation { asked[query] = $0 }
    }

    func places(matching query: String, near: Coordinate?, limit: Int) async throws(RepositoryError) -> [PlaceDTO] {
        queries.append(query)
        asked.removeValue(forKey: query)?.resume()
        if holding.contains(query) { await withCheckedContinuation { held[query] = $0 } }
        return [
            PlaceDTO(
                Place(
                    name: query.capitalized, countryCode: "PL", population: 1000,
                    coordinate: Coordinate(latitude: 52, longitude: 21)))
        ]
    }
}

@MainActor @Suite struct PlaceSearchTests {
    @Test func typingQuicklyAsksOnceForWhatWasTypedLast() async throws {
        let places = RecordingPlaces()
        let model = PlaceSearchViewModel(repository: places, debounce: .milliseconds(30))
        for text in ["W", "Wa", "War", "Wars"] { model.query = text }
        await model.pendingSearch?.value
        #expect(await places.queries == ["Wars"])
        #expect(model.results.map(\.name) == ["Wars"] && !model.isSearching)
        model.query = "W"
        #expect(model.results.isEmpty, "one letter asks nothing")
    }

    @Test func aNewerQueryCancelsTheSearchInProgressAndItsAnswerIsDropped() async throws {
        let places = RecordingPlaces()
        await places.hold("warsz")
        let model = PlaceSearchViewModel(repository: places, debounce: .milliseconds(1))
        model.query = "warsz"
        await places.waitUntilAsked("warsz")
        model.query = "lodz"
        await model.pendingSearch?.value
        #expect(model.results.map(\.name) == ["Lodz"])
        await places.release("warsz")
        try await Task.sleep(for: .milliseconds(20))
        #expect(model.results.map(\.name) == ["Lodz"], "the older answer, arriving late, is not shown")
    }

    @Test func choosingAPlaceFillsTheReportsCoordinates() async throws {
        let flow = MissingPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        let description = MissingPetAnimalDescriptionViewModel(flowState: flow, toastScheduler: ToastScheduler(clock: ManualClock()))
        let model = PlaceSearchViewModel(repository: RecordingPlaces(), debounce: .milliseconds(1))
        model.onPlaceSelected = description.placeChosen
        let lodz = PlaceDTO(Place(name: "Łódź", countryCode: "PL", population: 639_890, coordinate: Coordinate(latitude: 51.77058, longitude: 19.47395)))
        model.select(lodz)
        #expect(description.latitude == "51.77058" && description.longitude == "19.47395")
        #expect(model.query == "Łódź, PL" && model.results.isEmpty && model.selected == lodz)
        await model.pendingSearch?.value
        #expect(model.results.isEmpty, "the chosen place's own title searches nothing")
    }

    /// The real server's answer, decoded with the server's own wire type.
    @Test func theRepositoryFindsPlacesOnTheRealServer() async throws {
        try await withTestServer { url in
            let repository = URLSessionAnnouncementRepository(baseURL: url, session: .suite)
            let found = try await repository.places(matching: "warszawa", near: nil, limit: 3)
            #expect(found.first?.name == "Warsaw" && found.first?.countryCode == "PL")
            let near = try await repository.places(matching: "Warsaw", near: Coordinate(latitude: 41.24, longitude: -85.85), limit: 1)
            #expect(near.first?.countryCode == "US" && (near.first?.distanceKm ?? 99) < 5)
        }
    }
}
