import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Free-text search, the same answers on every backend.
extension StoreContractTests {
    /// Twenty described reports in both languages, filed one a minute in this order.
    static let described: [(name: String?, species: String, breed: String?, description: String, place: String)] = [
        ("Burek", "DOG", "Owczarek niemiecki", "Duży czarny pies z podpalaniem, czerwona obroża", "Mokotów, Warsaw"),
        ("Mruczek", "CAT", nil, "Rudy kot, biała plamka na piersi, bardzo płochliwy", "Żoliborz, Warsaw"),
        ("Luna", "CAT", "British shorthair", "Grey cat with a blue collar, very shy", "Kraków"),
        ("Max", "DOG", "Labrador retriever", "Yellow lab, friendly, answers to Max, green harness", "Gdańsk"),
        (nil, "CAT", nil, "Small black and white cat with a red collar found near the park", "Wrocław"),
        ("Filemon", "CAT", nil, "Czarno-biały kocur, żółta obroża z dzwoneczkiem", "Poznań"),
        ("Bella", "DOG", "Beagle", "Tricolour beagle, limps on the left hind leg", "Łódź"),
        ("Kiwi", "BIRD", "Budgerigar", "Green budgie, talks a little, says hello", "Lublin"),
        ("Szarik", "DOG", "Husky", "Siwy husky z niebieskimi oczami", "Białystok"),
        ("Tygrys", "CAT", nil, "Pręgowany kot, bury, bez obroży", "Katowice"),
        ("Ginger", "CAT", "Maine Coon", "Large orange long-haired cat, fluffy tail", "Szczecin"),
        ("Fafik", "DOG", "Jamnik", "Brązowy jamnik, krótkie łapy, czipowany", "Rzeszów"),
        ("Snow", "RABBIT", nil, "White rabbit with pink eyes and floppy ears", "Toruń"),
        ("Coco", "DOG", "Poodle", "Cream toy poodle, recently groomed", "Opole"),
        ("Kropka", "DOG", "Dalmatyńczyk", "Łaciaty pies w czarne kropki", "Kielce"),
        ("Shadow", "CAT", nil, "Tortoiseshell cat, missing since the storm", "Olsztyn"),
        ("Reksio", "DOG", "Mieszaniec", "Mały biały piesek z brązowym uchem", "Zielona Góra"),
        ("Oreo", "CAT", nil, "Tuxedo cat, white paws and chest", "Bydgoszcz"),
        ("Pumpkin", "CAT", nil, "Ruda kotka, bardzo przyjazna", "Gdynia"),
        ("Rocky", "DOG", "Staffordshire terrier", "Brindle staffy, scar over the right eye", "Sopot"),
    ]

    /// The species is searched too. Each query and the report (its index in `described`) a searcher means: it must come in the top three.
    static let meant: [(String, Int)] = [
        ("owczarek", 0), ("Burek", 0), ("czarny owczarek", 0), ("czerwona obroża", 0), ("Mokotow", 0), ("zolty", 5),
        ("ginger cat", 10), ("rudy kot", 1), ("plochliwy", 1), ("tuxedo", 17), ("czarno-biały kot", 5),
        ("black and white cat red collar", 4), ("grey", 2), ("gray cat", 2), ("szary kot", 2), ("pręgowany", 9), ("tabby", 9),
        ("labrodor", 3), ("yellow lab", 3), ("harness", 3), ("huskey", 8), ("niebieskie oczy", 8), ("Szarik", 8), ("jamnk", 11),
        ("brązowy jamnik", 11), ("czipowany", 11), ("dalmatyńczyk", 14), ("łaciaty", 14), ("spotted dog", 14), ("kropki", 14),
        ("tortoiseshell", 15), ("calico", 15), ("szylkretowy", 15), ("tricolor beagle", 6), ("limping beagle", 6), ("lodz", 6),
        ("budgie talks", 7), ("white rabbit", 12), ("pink eyes", 12), ("cream poodle", 13), ("kremowy", 13), ("groomed", 13),
        ("mały biały piesek", 16), ("zielona gora", 16), ("fluffy orange", 10), ("scar eye", 19), ("staffy", 19),
    ]

    static func fileDescribed(in store: any PetSpotStorage) async throws -> [Announcement] {
        var filed: [Announcement] = []
        for (index, entry) in described.enumerated() {
            var report = Announcement.mock(
                petName: entry.name, species: entry.species, breed: entry.breed, description: entry.description,
                photoURL: "/images/x.png", status: index == 4 ? .found : .missing,
                createdAt: Date(timeIntervalSince1970: 1_763_000_000 + Double(index) * 60))
            report.placeName = entry.place
            try await store.create(report, passwordHash: "h")
            filed.append(report)
        }
        return filed
    }

    static func search(_ text: String, in store: any PetSpotStorage, _ change: (inout AnnouncementQuery) -> Void = { _ in }) async throws -> [Announcement] {
        var query = AnnouncementQuery()
        query.search = try await store.expand(try #require(SearchText(text)))
        change(&query)
        return try await store.list(query)
    }

    @Test(arguments: StoreBackend.all)
    func searchFindsTheReportMeantInTheTopThree(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let filed = try await Self.fileDescribed(in: store)
            #expect(Self.meant.count >= 30)
            for (text, index) in Self.meant {
                let found = try await Self.search(text, in: store)
                #expect(
                    found.prefix(3).map(\.id).contains(filed[index].id),
                    "\(text) should find \(Self.described[index].description) in the top three, got \(found.prefix(3).map { $0.description ?? "" })")
            }
        }
    }

    @Test(arguments: StoreBackend.all)
    func searchRanksByTermsMetThenNewestAndPagesWithoutGapsOrRepeats(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let filed = try await Self.fileDescribed(in: store)
            let text = try await store.expand(try #require(SearchText("white cat collar")))
            let all = try await Self.search("white cat collar", in: store)
            let tiers = all.map { text.matched(in: Set(SearchWords.document(of: $0).map { Substring($0) })) }
            #expect(tiers == tiers.sorted(by: >))
            #expect(tiers.first == 3 && tiers.last == 1)
            // Both black-and-white cats with a collar meet all three, the newer one first.
            #expect(Array(all.prefix(2).map(\.id)) == [filed[5].id, filed[4].id])
            for tier in Set(tiers) {
                let dates = zip(all, tiers).filter { $0.1 == tier }.map(\.0.createdAt)
                #expect(dates == dates.sorted(by: >))
            }
            var paged: [AnnouncementID] = []
            var cursor: AnnouncementCursor?
            repeat {
                let page = try await Self.search("white cat collar", in: store) {
                    $0.limit = 2; $0.after = cursor
                }
                paged += page.map(\.id)
                cursor =
                    page.count == 2
                    ? AnnouncementCursor(after: page[1], tier: text.matched(in: Set(SearchWords.document(of: page[1]).map { Substring($0) }))) : nil
            } while cursor != nil
            #expect(paged == all.map(\.id))

            let newest = try await Self.search("white cat collar", in: store) { $0.searchByNewest = true }
            #expect(Set(newest.map(\.id)) == Set(all.map(\.id)))
            #expect(newest.map(\.createdAt) == newest.map(\.createdAt).sorted(by: >))
        }
    }

    @Test(arguments: StoreBackend.all)
    func searchReadsOnlyPublicWordsAndFollowsChangesFiltersAndModeration(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let filed = try await Self.fileDescribed(in: store)
            var secret = Announcement.mock(
                description: "Quiet dog", email: "zebulon@example.org", phone: "+48 600 700 800", photoURL: "/images/x.png",
                createdAt: Date(timeIntervalSince1970: 1_763_100_000))
            secret.placeName = "Sopot"
            try await store.create(
                secret, privateDetails: PrivateDetails(reportedAs: .missing, identifyingTrait: "Notch in the marmalade ear"),
                passwordHash: "h", outbox: [])
            for text in ["zebulon", "example org", "600 700 800", "marmalade notch"] {
                #expect(try await Self.search(text, in: store).isEmpty, "\(text) is private")
            }
            #expect(try await Self.search("quiet", in: store).map(\.id) == [secret.id])

            _ = try await store.update(secret.id, changes: AnnouncementChanges(description: .some("Noisy dog")), at: Date())
            #expect(try await Self.search("quiet", in: store).isEmpty)
            #expect(try await Self.search("noisy", in: store).map(\.id) == [secret.id])

            let warsaw = AnnouncementQuery.Nearby(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusKm: 5)
            #expect(try await Self.search("noisy", in: store) { $0.statuses = [.found] }.isEmpty)
            #expect(try await Self.search("noisy", in: store) { $0.nearby = warsaw }.map(\.id) == [secret.id])
            #expect(
                try await Self.search("noisy", in: store) {
                    $0.nearby = .init(center: Coordinate(latitude: 54.4, longitude: 18.6), radiusKm: 5)
                }.isEmpty)
            #expect(try await Self.search("noisy", in: store) { $0.species = [.cat] }.isEmpty)

            _ = try await store.delete(secret.id)
            #expect(try await Self.search("noisy", in: store).isEmpty)
            #expect(try await Self.search("zzzyx", in: store).isEmpty)
            #expect(try await Self.search("Burek", in: store).map(\.id) == [filed[0].id])
            // Every report is indexed as it is filed; renaming its place indexes it again.
            #expect(try await store.reportsWithoutSearchWords(limit: 10).isEmpty)
            try await store.setPlaceName("Zakopane", of: filed[0].id)
            #expect(try await Self.search("zakopane", in: store).map(\.id) == [filed[0].id])
            #expect(try await Self.search("Mokotow", in: store).isEmpty)
            #expect(try await store.find(filed[0].id).placeName == "Zakopane")
        }
    }
}

/// Words near a place: within a few fine cells the index is asked for each cell's area tokens, wider
/// for the words and the coarse cells; both answer exactly what the search everywhere answers within the circle.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func searchNearAPlaceAnswersTheSearchEverywhereWithinTheCircle(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            for (index, entry) in Self.described.enumerated() {
                // Half in and around Warsaw (some a cell or two away), half in Kraków.
                let spot =
                    index.isMultiple(of: 2)
                    ? Coordinate(latitude: 52.18 + Double(index) * 0.008, longitude: 20.95 + Double(index) * 0.011)
                    : Coordinate(latitude: 50.06, longitude: 19.94)
                var report = Announcement.mock(
                    petName: entry.name, species: entry.species, breed: entry.breed, description: entry.description,
                    location: spot, photoURL: "/images/x.png", createdAt: Date(timeIntervalSince1970: 1_763_000_000 + Double(index) * 60))
                report.placeName = entry.place
                try await store.create(report, passwordHash: "h")
            }
            let warsaw = Coordinate(latitude: 52.23, longitude: 21.01)
            for radius in [10.0, 120.0] {
                for text in ["pies", "kot", "cat collar", "white cat collar", "czarny pies obroża", "beagle", "dog"] {
                    let everywhere = try await Self.search(text, in: store)
                    let near = try await Self.search(text, in: store) { $0.nearby = .init(center: warsaw, radiusKm: radius) }
                    let expected = everywhere.filter { $0.location.distanceKm(to: warsaw) < radius }.map(\.id)
                    #expect(near.map(\.id) == expected, "\(text) within \(radius) km")
                }
            }
            let far = try await Self.search("pies", in: store) { $0.nearby = .init(center: Coordinate(latitude: 54.35, longitude: 18.65), radiusKm: 10) }
            #expect(far.isEmpty, "nothing filed near Gdańsk")
        }
    }
}
