import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotWeb
import Testing

/// Free-text search through the server: `q` and `sort` on the API list, the web list's search box, the place's name.
@Suite struct SearchAPITests {
    /// Files three reports in Warsaw with photos, oldest first; returns their ids.
    static func fileThree(_ client: any TestClientProtocol) async throws -> (tuxedo: String, ginger: String, shepherd: String) {
        var ids: [String] = []
        for (species, description, email) in [
            ("CAT", "Black and white cat with a red collar, white chest", "tux@example.com"),
            ("CAT", "Rudy kot, biała plamka na piersi", "rudy@example.com"),
            ("DOG", "Owczarek niemiecki, czarny, bardzo duży", "burek.owner@example.com"),
        ] {
            let (id, password) = try await client.createAnnouncement([
                "species": species, "description": description, "email": email,
                "locationLatitude": 52.2297, "locationLongitude": 21.0122,
            ])
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
            ids.append(id)
            try await Task.sleep(for: .milliseconds(5))
        }
        return (ids[0], ids[1], ids[2])
    }

    @Test func theListSearchesPublicWordsRanksThemAndPages() async throws {
        try await TestApp.run(everyDatabase: true) { client, _ throws in
            let (tuxedo, ginger, shepherd) = try await Self.fileThree(client)
            func ids(_ query: String) async throws -> [String] {
                let response = try await client.send(.get, "\(APIPath.announcements)?\(query)")
                #expect(response.status == .ok, "\(query): \(response.text)")
                return response.listIDs
            }
            #expect(try await ids("q=owczarek") == [shepherd])
            #expect(try await ids("q=czarnego%20psa") == [shepherd, tuxedo], "the black dog, then the black cat")
            #expect(try await ids("q=ginger%20cat") == [ginger, tuxedo])
            #expect(try await ids("q=white%20cat%20collar").first == tuxedo)
            #expect(try await ids("q=tuxedo") == [tuxedo])
            #expect(try await ids("q=burek.owner%40example.com").isEmpty, "the e-mail is never searched")
            #expect(try await ids("q=Warsaw").count == 3, "the place's name is searched")
            #expect(try await ids("q=kot&status=FOUND").isEmpty)
            #expect(try await ids("q=kot&lat=50.06&lng=19.94&range=10").isEmpty)
            #expect(try await ids("q=kot&lat=52.23&lng=21.01&range=10") == [ginger, tuxedo])
            #expect(try await ids("q=white%20cat%20collar&sort=newest") == [ginger, tuxedo])
            #expect(try await ids("q=%20%21%21%20the").count == 3, "no word to search for lists as if absent")

            // Pages by relevance: the report meeting three words, then the one meeting fewer, no repeats.
            let first = try await client.send(.get, "\(APIPath.announcements)?q=white%20cat%20collar&limit=1")
            #expect(first.listIDs == [tuxedo])
            let link = try #require(first.headers[.init("Link")!])
            let next = String(link.dropFirst().prefix { $0 != ">" })
            let second = try await client.send(.get, next)
            #expect(second.listIDs == [ginger])
            #expect(second.headers[.init("Link")!] == nil)
        }
    }

    @Test(arguments: [
        ("q=" + String(repeating: "a", count: 201), "q", "Parameter 'q' must be at most 200 characters"),
        ("q=cat&sort=oldest", "sort", "Parameter 'sort' must be relevance or newest"),
    ])
    func badSearchParametersAreRefused(_ query: String, _ field: String, _ message: String) async throws {
        try await TestApp.run(everyDatabase: true) { client, _ throws in
            let response = try await client.send(.get, "\(APIPath.announcements)?\(query)")
            #expect(response.status == .badRequest)
            #expect(response.error["field"] as? String == field)
            #expect(response.error["message"] as? String == message)
        }
    }

    @Test func theWebListHasASearchBoxInBothLanguages() async throws {
        try await TestApp.run(everyDatabase: true) { client, _ throws in
            let (_, ginger, shepherd) = try await Self.fileThree(client)
            let page = try await client.send(.get, WebRoute.lostPets().path + "?q=rudy+kot")
            #expect(page.status == .ok)
            #expect(page.text.contains("name=\"q\"") && page.text.contains("value=\"rudy kot\""))
            #expect(page.text.contains(ginger) && !page.text.contains(shepherd))
            let polish = try await client.send(.get, WebRoute.lostPets().path + "?q=owczarek&sort=newest", headers: [.acceptLanguage: "pl"])
            #expect(polish.text.contains("Jak wygląda zwierzę") && polish.text.contains(shepherd) && !polish.text.contains(ginger))
        }
    }
}
