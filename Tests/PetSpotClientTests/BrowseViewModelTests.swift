import Foundation
import Testing
@testable import PetSpotClient

@MainActor
@Suite struct AnnouncementListViewModelTests {
    let repository = FakeAnnouncementRepository()

    @Test func showsCardsWithFormattedValues() async throws {
        await repository.setList(
            .success([Fixtures.announcement(), Fixtures.announcement(id: "a2", species: "hamster", status: .found, lat: -33.8688, lng: -151.2093)]))
        let viewModel = AnnouncementListViewModel(repository: repository, location: Coordinate(latitude: 52, longitude: 21))
        await viewModel.load()
        guard case .loaded(let cards) = viewModel.state else { Issue.record("not loaded: \(viewModel.state)"); return }
        #expect(cards.count == 2)
        #expect(cards[0].coordinatesText == "52.2297° N, 21.0122° E")
        #expect(cards[0].speciesText == "Dog" && cards[0].breedText == "Beagle")
        #expect(cards[0].statusText == "MISSING")
        #expect(cards[0].dateText == "Nov 20, 2025")
        #expect(cards[1].coordinatesText == "33.8688° S, 151.2093° W")
        #expect(cards[1].speciesText == "Other" && cards[1].statusText == "FOUND")
        let query = try #require(await repository.listQueries.first)
        #expect(query.0 == Coordinate(latitude: 52, longitude: 21) && query.1 == 100)
    }

    /// The place changed while a load was in progress; its late answer is not shown.
    @Test func aLaterLoadWinsOverAnEarlierOneThatAnswersLate() async throws {
        await repository.setList(.success([Fixtures.announcement(id: "old-place")]))
        await repository.holdNextList()
        let viewModel = AnnouncementListViewModel(repository: repository)
        let first = Task { await viewModel.load() }
        await repository.waitForListQueries(1)
        await repository.setList(.success([Fixtures.announcement(id: "new-place")]))
        viewModel.location = Coordinate(latitude: 50.06, longitude: 19.94)
        await viewModel.load()
        await repository.releaseHeldList()
        await first.value
        guard case .loaded(let cards) = viewModel.state else { Issue.record("not loaded: \(viewModel.state)"); return }
        #expect(cards.map(\.id.rawValue) == ["new-place"])
    }

    @Test func emptyListSaysSo() async {
        let viewModel = AnnouncementListViewModel(repository: repository)
        await viewModel.load()
        #expect(viewModel.state == .empty(message: "No animals reported yet. Tap 'Report a Missing Animal' to add the first one."))
    }

    @Test func failureOffersRetryWhichReloads() async {
        await repository.setList(.failure(.http(status: 500, error: nil)))
        let viewModel = AnnouncementListViewModel(repository: repository)
        await viewModel.load()
        #expect(viewModel.state == .error(title: "Error", message: "Failed to load announcements. Please try again."))
        await repository.setList(.success([Fixtures.announcement()]))
        await viewModel.retryTapped()
        if case .loaded(let cards) = viewModel.state { #expect(cards.count == 1) } else { Issue.record("retry did not load") }
    }

    @Test func offlineFailureSaysSo() async {
        await repository.setList(.failure(.network(description: "offline")))
        let viewModel = AnnouncementListViewModel(repository: repository, strings: LocalizedStrings(language: .polish))
        await viewModel.load()
        #expect(viewModel.state == .error(title: "Błąd", message: "Brak połączenia z internetem. Sprawdź ustawienia sieci."))
    }

    @Test func tappingACardOpensIt() {
        let viewModel = AnnouncementListViewModel(repository: repository)
        var opened: AnnouncementID?
        viewModel.onAnnouncementSelected = { opened = $0 }
        viewModel.announcementTapped(AnnouncementID("a1"))
        #expect(opened == AnnouncementID("a1"))
    }
}

@MainActor
@Suite struct PetDetailsViewModelTests {
    let repository = FakeAnnouncementRepository()

    @Test func showsEveryValueFormatted() async throws {
        await repository.setDetails(.success(Fixtures.announcement()))
        let viewModel = PetDetailsViewModel(announcementId: AnnouncementID("a1"), repository: repository)
        #expect(viewModel.state == .loading)
        await viewModel.load()
        let details = try #require(viewModel.details)
        #expect(details.dateText == "Nov 20, 2025")
        #expect(details.coordinatesText == "52.2297° N, 21.0122° E")
        #expect(details.microchipText == "12345-67890-12345")
        #expect(details.ageText == "3 years")
        #expect(details.speciesText == "Dog")
        #expect(details.genderText == "Male" && details.genderSymbol == "♂")
        #expect(details.petNameText == "Burek")
    }

    @Test func missingValuesShowADash() async throws {
        var bare = Fixtures.announcement()
        bare.phone = nil
        bare.microchipNumber = nil
        bare.age = nil
        bare.breed = nil
        bare.sex = "weird"
        await repository.setDetails(.success(bare))
        let viewModel = PetDetailsViewModel(announcementId: bare.id, repository: repository)
        await viewModel.load()
        let details = try #require(viewModel.details)
        #expect(details.phoneText == "—" && details.microchipText == "—" && details.ageText == "—" && details.breedText == "—")
        #expect(details.genderText == "Unknown" && details.genderSymbol == "?")
    }

    @Test func polishAgeAndDate() async throws {
        var pet = Fixtures.announcement()
        pet.age = 2
        await repository.setDetails(.success(pet))
        let viewModel = PetDetailsViewModel(announcementId: pet.id, repository: repository, strings: LocalizedStrings(language: .polish))
        await viewModel.load()
        let details = try #require(viewModel.details)
        #expect(details.ageText == "2 lata")
        #expect(details.dateText == "20 lis 2025")
        #expect(details.statusText == "ZAGINIONE")
        #expect(details.speciesText == "Pies")
        #expect(DisplayFormatting(strings: LocalizedStrings(language: .polish)).age(5) == "5 lat")
        #expect(DisplayFormatting(strings: LocalizedStrings(language: .polish)).age(1) == "1 rok")
        #expect(DisplayFormatting(strings: LocalizedStrings()).age(1) == "1 year")
    }

    @Test func notFoundAndFailureOfferRetry() async {
        let viewModel = PetDetailsViewModel(announcementId: AnnouncementID("gone"), repository: repository)
        await viewModel.load()
        #expect(viewModel.state == .error(title: "Failed to load pet details", message: "This report no longer exists."))
        await repository.setDetails(.failure(.http(status: 500, error: nil)))
        await viewModel.retryTapped()
        #expect(viewModel.state == .error(title: "Failed to load pet details", message: "Failed to load pet details. Please try again."))
        await repository.setDetails(.success(Fixtures.announcement()))
        await viewModel.retryTapped()
        #expect(viewModel.details != nil)
    }

    @Test func showOnMapOnlyOnceLoaded() async {
        await repository.setDetails(.success(Fixtures.announcement()))
        let viewModel = PetDetailsViewModel(announcementId: AnnouncementID("a1"), repository: repository)
        var shown: Coordinate?
        viewModel.onShowMap = { shown = $0 }
        viewModel.showOnMapTapped()
        #expect(shown == nil)
        await viewModel.load()
        viewModel.showOnMapTapped()
        #expect(shown == Coordinate(latitude: 52.2297, longitude: 21.0122))
    }
}

@Suite struct LenientDecodingTests {
    @Test func oddItemsAreSkippedNotFatal() throws {
        let json = """
            {"data":[
              {"id":"ok","species":"Golden Retriever","sex":"male ","locationLatitude":52.1,"locationLongitude":21.1,
               "lastSeenDate":"2025-11-20","phone":null,"photoUrl":null,"status":"MISSING"},
              {"id":"nosex","species":"CAT","sex":null,"locationLatitude":1,"locationLongitude":2,"lastSeenDate":"2025-11-20","status":"FOUND"},
              {"id":"","species":"DOG","sex":"MALE","locationLatitude":1,"locationLongitude":2,"status":"MISSING"},
              {"id":"far","species":"DOG","sex":"MALE","locationLatitude":91,"locationLongitude":2,"status":"MISSING"},
              {"id":"odd","species":"DOG","sex":"MALE","locationLatitude":1,"locationLongitude":2,"status":"LOST"},
              "not an object",
              {"id":"ok","species":"DOG","sex":"MALE","locationLatitude":1,"locationLongitude":2,"status":"CLOSED"}
            ]}
            """
        let list = try JSONDecoder().decode(AnnouncementListDTO.self, from: Data(json.utf8))
        #expect(list.data.map(\.id) == ["ok", "nosex"])
        let first = list.data[0].announcement
        #expect(first.phone == nil && first.photoURL == nil)
        #expect(AnimalSpecies(apiValue: first.species) == .other)
        #expect(AnimalSex(apiValue: first.sex) == .male)
        #expect(AnimalSex(apiValue: list.data[1].announcement.sex) == .unknown)
    }
}
