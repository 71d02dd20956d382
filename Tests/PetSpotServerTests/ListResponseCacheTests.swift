import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import Testing

/// The list answers kept in memory: a write shows on the very next list, and no query gets another's answer.
@Suite struct ListResponseCacheTests {
    static let located = AnnouncementAPITests.seed([Fixture.krakow, Fixture.nearby, Fixture.warsaw])

    @Test func everyKindOfWriteShowsOnTheNextList() async throws {
        try await TestApp.run(fixtures: Self.located) { client, _ throws in
            let list = "\(APIPath.announcements)?lat=50.0614&lng=19.9383&range=10"
            #expect(Set(try await client.send(.get, list).listIDs) == [ListQueryTests.krakow, ListQueryTests.nearby])
            let (id, password) = try await client.createAnnouncement(["locationLatitude": 50.06, "locationLongitude": 19.94, "petName": "Reksio"])
            #expect(try await client.send(.get, list).listIDs.count == 2) // no photo yet, so not listed

            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg).status == .created)
            let withPhoto = try await client.send(.get, list)
            #expect(withPhoto.listIDs.first == id)
            #expect(withPhoto.list.first?["petName"] as? String == "Reksio")

            let owner: HTTPFields = [.authorization: Basic.header(id, password)]
            #expect(try await client.send(.patch, APIPath.announcement(AnnouncementID(id)), json: #"{"petName":"Burek"}"#, headers: owner).status == .ok)
            #expect(try await client.send(.get, list).list.first?["petName"] as? String == "Burek")

            #expect(try await client.send(.delete, APIPath.announcement(AnnouncementID(id)), headers: owner).status == .noContent)
            #expect(Set(try await client.send(.get, list).listIDs) == [ListQueryTests.krakow, ListQueryTests.nearby])
        }
    }

    @Test func eachQueryGetsItsOwnAnswerAndLink() async throws {
        try await TestApp.run(fixtures: Self.located) { client, _ throws in
            let krakow = "\(APIPath.announcements)?lat=50.0614&lng=19.9383&range=10&limit=1"
            let warsaw = "\(APIPath.announcements)?lat=52.2297&lng=21.0122&range=10&limit=1"
            for _ in 0..<2 {
                let first = try await client.send(.get, krakow), second = try await client.send(.get, warsaw)
                #expect(first.listIDs == [ListQueryTests.nearby])
                #expect(first.headers[HTTPField.Name("Link")!]?.contains("lat=50.0614") == true)
                #expect(second.listIDs == [ListQueryTests.warsaw])
                #expect(second.headers[HTTPField.Name("Link")!] == nil)
            }
            let reordered = try await client.send(.get, "\(APIPath.announcements)?limit=1&range=10&lng=19.9383&lat=50.0614")
            #expect(reordered.listIDs == [ListQueryTests.nearby])
            let next = try await client.send(.get, krakow + "&status=MISSING")
            #expect(next.listIDs == [ListQueryTests.nearby])
            #expect(try await client.send(.get, "\(APIPath.announcements)?lat=50.0614&lng=19.9383&range=10&limit=5").listIDs.count == 2)
        }
    }

    @Test func answersExpireAndAListThatRacedAWriteIsNotKept() {
        let cache = ListResponseCache(lifetime: .seconds(1), capacity: 2)
        let now = ContinuousClock.now
        let entry = ListResponseCache.Entry(body: ByteBuffer(string: "a"), link: nil, stored: now)
        cache.store(entry, for: "a", generation: cache.generation)
        #expect(cache.answer(for: "a", now: now + .milliseconds(999))?.body == ByteBuffer(string: "a"))
        #expect(cache.answer(for: "a", now: now + .seconds(1)) == nil)
        #expect(cache.answer(for: "b", now: now) == nil)

        let before = cache.generation
        cache.invalidate()
        #expect(cache.answer(for: "a", now: now) == nil)
        cache.store(entry, for: "a", generation: before)
        #expect(cache.answer(for: "a", now: now) == nil)

        for key in ["a", "b", "c"] { cache.store(entry, for: key, generation: cache.generation) }
        #expect(cache.answer(for: "c", now: now) == nil) // full: waits for room
        let later = ListResponseCache.Entry(body: ByteBuffer(string: "c"), link: nil, stored: now + .seconds(2))
        cache.store(later, for: "c", generation: cache.generation)
        #expect(cache.answer(for: "c", now: now + .seconds(2))?.body == ByteBuffer(string: "c"))
        #expect(ListResponseCache.key(path: "/p", query: "b=2&a=1") == ListResponseCache.key(path: "/p", query: "a=1&b=2"))
    }
}
