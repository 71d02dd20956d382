import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
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

    /// Only a write that went through empties the cache: a refused request (a path that is not there, a
    /// wrong code) leaves the kept answers, so a stranger cannot make every list a search (found by an audit).
    @Test func aRefusedRequestKeepsTheCachedLists() async throws {
        try await TestApp.run(on: .sqlite, fixtures: Self.located, configure: { $0.listCacheSeconds = 30 }) { client, directory throws in
            let list = "\(APIPath.announcements)?lat=50.0614&lng=19.9383&range=10"
            #expect(Set(try await client.send(.get, list).listIDs) == [ListQueryTests.krakow, ListQueryTests.nearby])
            let other = Fixture.located("44444444-4444-4444-4444-444444444444", 50.065, 19.94)
            try await TestStorage.sqlite.withStore(in: directory) { store in try await store.create(other, passwordHash: "h") }
            let refused = [
                try await client.send(.put, "/api/v1/nothing", json: "{}"),
                try await client.send(
                    .patch, APIPath.announcement(AnnouncementID(ListQueryTests.krakow)), json: "{}",
                    headers: [.authorization: Basic.header(ListQueryTests.krakow, "000000")]),
            ]
            #expect(refused.map(\.status) == [.notFound, .forbidden])
            #expect(Set(try await client.send(.get, list).listIDs) == [ListQueryTests.krakow, ListQueryTests.nearby], "still the kept answer")
            #expect(try await client.send(.post, APIPath.users, json: #"{"email":"writer@example.com","password":"long enough"}"#).status == .created)
            #expect(try await client.send(.get, list).listIDs.contains(other.id.rawValue), "a write that went through empties it")
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

    /// A write this instance never saw — another instance on the same database, or a `petspot` command on
    /// the same file — moves the database's change stamp, so the kept answer is searched again once its
    /// lifetime ends instead of being renewed (renewal alone would hide the report for 60 s).
    @Test func anotherWritersReportShowsOnceTheAnswersLifetimeEnds() async throws {
        try await TestStorage.each { storage in
            try await TestApp.run(on: storage, fixtures: Self.located, configure: { $0.listCacheSeconds = 0.3 }) { client, directory throws in
                let list = "\(APIPath.announcements)?lat=50.0614&lng=19.9383&range=10"
                #expect(Set(try await client.send(.get, list).listIDs) == [ListQueryTests.krakow, ListQueryTests.nearby])
                try await Task.sleep(for: .milliseconds(700)) // past its lifetime: renewed, nothing having changed
                #expect(Set(try await client.send(.get, list).listIDs) == [ListQueryTests.krakow, ListQueryTests.nearby])
                let other = Fixture.located("44444444-4444-4444-4444-444444444444", 50.065, 19.94)
                try await storage.withStore(in: directory) { store in try await store.create(other, passwordHash: "h") }
                var shown: [String] = []
                let deadline = ContinuousClock.now + .seconds(20)
                while !shown.contains(other.id.rawValue), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(100))
                    shown = try await client.send(.get, list).listIDs
                }
                #expect(shown.contains(other.id.rawValue), "\(storage)")
            }
        }
    }

    @Test func answersAreServedForTheirLifetimeAndRemadeAheadOfIt() async throws {
        let cache = ListResponseCache(lifetime: .seconds(1), draw: { $0.upperBound })
        let start = ContinuousClock.now
        func link(at millis: Int, making made: String) async throws -> String? {
            try await cache.answer(for: "a", now: start + .milliseconds(millis), make: { Self.answer(made) }).link
        }
        #expect(try await link(at: 0, making: "1") == "1")
        #expect(try await link(at: 500, making: "2") == "1")
        #expect(try await link(at: 1000, making: "3") == "3") // expired: made anew while the asker waits
        #expect(try await link(at: 1950, making: "4") == "3") // past its refresh point: still served, "4" made behind it
        var refreshed: String?
        for _ in 0..<10_000 where refreshed != "4" {
            refreshed = try await link(at: 1960, making: "5")
            await Task.yield()
        }
        #expect(refreshed == "4")
        #expect(try await link(at: 2800, making: "6") == "4") // "4" began at 1 950 ms
        #expect(try await cache.answer(for: "b", now: start + .milliseconds(2800), make: { Self.answer("7") }).link == "7")
        #expect(ListResponseCache.key(path: "/p", query: "b=2&a=1") == ListResponseCache.key(path: "/p", query: "a=1&b=2"))
    }

    /// With the store's change stamp: an answer whose stamp has not moved is renewed without a search (a
    /// quiet database costs none), one whose stamp moved is searched again, and past the renewal limit an
    /// answer is searched again anyway (lists also change with the clock).
    @Test func anUnchangedStampRenewsAnAnswerWithoutASearchUntilTheRenewalLimit() async throws {
        let stamp = Stamp(7)
        let cache = ListResponseCache(
            lifetime: .seconds(1), renewalLimit: .seconds(3), changeStamp: { try await stamp.value }, draw: { $0.upperBound })
        let start = ContinuousClock.now
        func link(at millis: Int, making made: String) async throws -> String? {
            try await cache.answer(for: "a", now: start + .milliseconds(millis), make: { Self.answer(made) }).link
        }
        #expect(try await link(at: 0, making: "1") == "1")
        #expect(try await link(at: 1500, making: "2") == "1") // expired, nothing written: renewed, not searched
        #expect(try await link(at: 2300, making: "3") == "1") // fresh since the renewal at 1 500 ms
        await stamp.set(8) // a write a list shows, by another instance
        #expect(try await link(at: 2600, making: "4") == "4") // expired, the stamp moved: searched
        #expect(try await link(at: 3700, making: "5") == "4") // renewed: the stamp stands at 8
        // Made at 2 600 ms, past the 3 s renewal limit: served once more, and searched at 9/10 of that
        // lifetime by the next asker, who is served meanwhile.
        #expect(try await link(at: 5700, making: "6") == "4")
        #expect(try await link(at: 6650, making: "7") == "4")
        var latest = "4"
        for _ in 0..<1000 where latest == "4" {
            try await Task.sleep(for: .milliseconds(2))
            latest = try await link(at: 6700, making: "never") ?? ""
        }
        #expect(latest == "7")
        await stamp.fail()
        #expect(try await link(at: 7700, making: "8") == "8") // no stamp to compare: searched
    }

    /// An answer asked for only now and then is served past its renewal limit once, then searched while its
    /// asker waits.
    @Test func anAnswerPastItsRenewalLimitIsServedOnceMoreOnly() async throws {
        let cache = ListResponseCache(lifetime: .seconds(1), renewalLimit: .seconds(2), changeStamp: { 7 }, draw: { $0.upperBound })
        let start = ContinuousClock.now
        func link(at millis: Int, making made: String) async throws -> String? {
            try await cache.answer(for: "a", now: start + .milliseconds(millis), make: { Self.answer(made) }).link
        }
        #expect(try await link(at: 0, making: "1") == "1")
        #expect(try await link(at: 2500, making: "2") == "1")
        #expect(try await link(at: 4000, making: "3") == "3")
    }

    /// Answers kept together are not all remade together: each one's refresh point is drawn between half and
    /// nine tenths of its lifetime, and its renewal limit between half and all of `renewalLimit`.
    @Test func answersKeptTogetherAreRemadeApart() async throws {
        let keys = (0..<50).map { "k\($0)" }, start = ContinuousClock.now
        func links(_ cache: ListResponseCache, at millis: Int, making made: String) async throws -> [String: String] {
            var links: [String: String] = [:]
            for key in keys { links[key] = try await cache.answer(for: key, now: start + .milliseconds(millis), make: { Self.answer(made) }).link }
            return links
        }
        let cache = ListResponseCache(lifetime: .seconds(1))
        _ = try await links(cache, at: 0, making: "first")
        // At 700 ms some have passed their refresh point: remade behind the kept answer, the others not yet.
        #expect(try await links(cache, at: 700, making: "ahead").values.allSatisfy { $0 == "first" })
        try await Task.sleep(for: .milliseconds(100))
        let remade = try await links(cache, at: 750, making: "never").values.filter { $0 == "ahead" }.count
        #expect((1..<keys.count).contains(remade))
        // With a change stamp that stands still, every 1.5 s: an answer past its renewal limit is served once
        // more, then searched.
        let renewing = ListResponseCache(lifetime: .seconds(1), renewalLimit: .seconds(10), changeStamp: { 7 })
        _ = try await links(renewing, at: 0, making: "first")
        var searched: [Int: Set<String>] = [:]
        for millis in [7500, 9000, 10_500, 12_000] {
            for (key, link) in try await links(renewing, at: millis, making: "again") where link == "again" { searched[millis, default: []].insert(key) }
        }
        #expect(searched[7500] == nil)
        #expect((1..<keys.count).contains(searched[9000]?.count ?? 0))
        #expect(searched.values.reduce(Set<String>()) { $0.union($1) } == Set(keys))
    }

    /// What the list serves before the request deadline: an answer kept and fresh, its successor started
    /// when due; nothing, and nothing started, when an asker would have to wait.
    @Test func onlyAnAnswerServableAtOnceIsReady() async throws {
        let cache = ListResponseCache(lifetime: .seconds(1), draw: { $0.upperBound })
        let start = ContinuousClock.now
        func ready(at millis: Int, making made: String) -> String? {
            cache.ready(for: "a", now: start + .milliseconds(millis), make: { Self.answer(made) })?.link
        }
        #expect(ready(at: 0, making: "0") == nil)
        #expect(try await cache.answer(for: "a", now: start, make: { Self.answer("1") }).link == "1", "ready started no making")
        #expect(ready(at: 500, making: "never") == "1")
        #expect(ready(at: 950, making: "2") == "1") // past its refresh point: still served, "2" made behind it
        var refreshed: String?
        for _ in 0..<10_000 where refreshed != "2" {
            refreshed = ready(at: 960, making: "never")
            await Task.yield()
        }
        #expect(refreshed == "2")
        #expect(ready(at: 1960, making: "never") == nil, "\"2\" began at 950 ms and is expired")
    }

    @Test func askersMeanwhileShareOneMaking() async throws {
        let cache = ListResponseCache(lifetime: .seconds(60))
        let gate = Gate(), made = Counter()
        let make = Self.gated(gate, made)
        async let first = cache.answer(for: "a", make: make)
        while await gate.waiting < 1 { await Task.yield() }
        async let second = cache.answer(for: "a", make: make)
        await gate.open()
        #expect(try await [first.link, second.link] == ["1", "1"])
        #expect(await made.next() == 2)
    }

    @Test func anAnswerMadeAcrossAWriteIsNotKept() async throws {
        let cache = ListResponseCache(lifetime: .seconds(60))
        let gate = Gate(), made = Counter()
        let make = Self.gated(gate, made)
        async let first = cache.answer(for: "a", make: make)
        while await gate.waiting < 1 { await Task.yield() }
        cache.invalidate() // a write finishes while the answer is being made
        await gate.open()
        #expect(try await first.link == "1")
        #expect(try await cache.answer(for: "a", make: make).link == "2")
        #expect(try await cache.answer(for: "a", make: make).link == "2")
    }

    @Test func aFullCacheMakesAnswersWithoutKeepingThem() async throws {
        let cache = ListResponseCache(lifetime: .seconds(3600), capacity: 1)
        _ = try await cache.answer(for: "a", make: { Self.answer("1") })
        _ = try await cache.answer(for: "b", make: { Self.answer("2") })
        #expect(try await cache.answer(for: "b", make: { Self.answer("3") }).link == "3")
        #expect(try await cache.answer(for: "a", make: { Self.answer("4") }).link == "1")
    }

    /// Makes answers "1", "2", … each once `gate` opens.
    static func gated(_ gate: Gate, _ made: Counter) -> @Sendable () async throws -> ListResponseCache.Answer {
        {
            await gate.wait()
            return answer("\(await made.next())")
        }
    }

    static func answer(_ link: String) -> ListResponseCache.Answer { .init(body: ByteBuffer(string: link), etag: link, link: link) }
}

/// Holds `wait()`ers until `open()`.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    var waiting: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

/// A list change stamp the test moves, or makes unreadable.
actor Stamp {
    private var current: Int64?
    init(_ value: Int64) { current = value }
    var value: Int64 {
        get throws {
            guard let current else { throw CancellationError() }
            return current
        }
    }
    func set(_ value: Int64) { current = value }
    func fail() { current = nil }
}

/// 1, 2, 3 …
actor Counter {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
