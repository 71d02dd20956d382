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
        let cache = ListResponseCache(lifetime: .seconds(1))
        let start = ContinuousClock.now
        func link(at millis: Int, making made: String) async throws -> String? {
            try await cache.answer(for: "a", now: start + .milliseconds(millis), make: { Self.answer(made) }).link
        }
        #expect(try await link(at: 0, making: "1") == "1")
        #expect(try await link(at: 500, making: "2") == "1")
        #expect(try await link(at: 1000, making: "3") == "3") // expired: made anew while the asker waits
        #expect(try await link(at: 1950, making: "4") == "3") // past 9/10 of its life: still served, "4" made behind it
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
        let cache = ListResponseCache(lifetime: .seconds(1), renewalLimit: .seconds(3), changeStamp: { try await stamp.value })
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
        #expect(try await link(at: 5700, making: "6") == "6") // made at 2 600 ms: past the 3 s renewal limit
        await stamp.fail()
        #expect(try await link(at: 6800, making: "7") == "7") // no stamp to compare: searched
    }

    /// Answers made together are not all searched again together: each one's renewal limit is drawn between
    /// half and all of `renewalLimit`.
    @Test func answersMadeTogetherReachTheirRenewalLimitsApart() async throws {
        let cache = ListResponseCache(lifetime: .seconds(1), renewalLimit: .seconds(10), changeStamp: { 7 })
        let start = ContinuousClock.now, keys = (0..<50).map { "k\($0)" }
        for key in keys { _ = try await cache.answer(for: key, now: start, make: { Self.answer("first") }) }
        // 7.5 s on, nothing written: an answer past its limit is searched, one within it renewed.
        var renewed: [String] = []
        for key in keys where try await cache.answer(for: key, now: start + .milliseconds(7500), make: { Self.answer("again") }).link == "first" {
            renewed.append(key)
        }
        #expect(!renewed.isEmpty && renewed.count < keys.count)
        // Past the whole limit the renewed ones are searched too.
        for key in renewed { #expect(try await cache.answer(for: key, now: start + .seconds(11), make: { Self.answer("late") }).link == "late") }
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

    static func answer(_ link: String) -> ListResponseCache.Answer { .init(body: ByteBuffer(string: link), link: link) }
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
