import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The behaviour every store backend must share. Each test runs on every backend in `StoreBackends`.
@Suite struct StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func createdAnnouncementIsFoundWithEveryField(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let original = Announcement.mock(microchipNumber: "123456789012345", photoURL: "/images/x.png")
            try await store.create(original, passwordHash: "salt:key")
            #expect(try await store.find(original.id) == original)
            #expect(try await store.passwordHash(of: original.id) == "salt:key")
        }
    }

    @Test(arguments: StoreBackend.all)
    func unknownIdIsNotFoundEverywhere(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let id = AnnouncementID("nope")
            await #expect(throws: StoreError.notFound) { try await store.find(id) }
            await #expect(throws: StoreError.notFound) { try await store.passwordHash(of: id) }
            await #expect(throws: StoreError.notFound) { try await store.delete(id) }
            await #expect(throws: StoreError.notFound) { try await store.update(id, changes: .init(status: .closed), at: Date()) }
            await #expect(throws: StoreError.notFound) { _ = try await store.setPhoto(id, url: "/images/a.png", file: "a.1.png", at: Date()) }
        }
    }

    @Test(arguments: StoreBackend.all)
    func duplicateMicrochipIsAConflict(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            try await store.create(Announcement.mock(microchipNumber: "111"), passwordHash: "h")
            await #expect(throws: StoreError.conflict(field: "microchipNumber")) {
                try await store.create(Announcement.mock(microchipNumber: "111"), passwordHash: "h")
            }
            try await store.create(Announcement.mock(microchipNumber: nil), passwordHash: "h")
            try await store.create(Announcement.mock(microchipNumber: nil), passwordHash: "h")
            #expect(try await store.count() == 3)
        }
    }

    @Test(arguments: StoreBackend.all)
    func concurrentDuplicateChipsYieldOneRowAndConflicts(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { (try? await store.create(Announcement.mock(microchipNumber: "999"), passwordHash: "h")) != nil }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            let stored = try await store.count()
            #expect(outcomes.filter { $0 }.count == 1)
            #expect(stored == 1)
        }
    }

    @Test(arguments: StoreBackend.all)
    func listIsNewestFirstWithStableTieBreakAndPaging(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            var ids: [String] = []
            for i in 0..<5 {
                // Two share each timestamp: the id decides among them.
                var a = Announcement.mock(photoURL: "/images/p.png", createdAt: base + Double(i / 2))
                a.id = AnnouncementID("id-\(i)")
                ids.append(a.id.rawValue)
                try await store.create(a, passwordHash: "h")
            }
            let all = try await store.list(AnnouncementQuery())
            #expect(all.map(\.id.rawValue) == ["id-4", "id-3", "id-2", "id-1", "id-0"])
            let first = try await store.list(AnnouncementQuery(limit: 2))
            let second = try await store.list(AnnouncementQuery(limit: 2, after: AnnouncementCursor(after: first[1])))
            let third = try await store.list(AnnouncementQuery(limit: 2, after: AnnouncementCursor(after: second[1])))
            #expect((first + second + third).map(\.id.rawValue) == all.map(\.id.rawValue))
        }
    }

    @Test(arguments: StoreBackend.all)
    func listHidesPhotolessAndClosedUnlessAsked(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let visible = Announcement.mock(photoURL: "/images/a.png")
            let noPhoto = Announcement.mock(photoURL: nil)
            var closed = Announcement.mock(photoURL: "/images/c.png")
            closed.status = .closed
            for a in [visible, noPhoto, closed] { try await store.create(a, passwordHash: "h") }
            #expect(try await store.list(AnnouncementQuery()).map(\.id) == [visible.id])
            #expect(try await store.list(AnnouncementQuery(statuses: [.closed])).map(\.id) == [closed.id])
            #expect(try await store.list(AnnouncementQuery(withPhotoOnly: false)).count == 2)
        }
    }

    @Test(arguments: StoreBackend.all)
    func nearbyUsesStrictDistanceAndIncludesTheExactPoint(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let krakow = Coordinate(latitude: 50.0614, longitude: 19.9383)
            let places = [krakow, Coordinate(latitude: 50.07, longitude: 19.95), Coordinate(latitude: 52.2297, longitude: 21.0122)]
            for place in places { try await store.create(Announcement.mock(location: place, photoURL: "/images/p.png"), passwordHash: "h") }
            func count(_ km: Double) async throws -> Int {
                try await store.list(AnnouncementQuery(nearby: .init(center: krakow, radiusKm: km))).count
            }
            #expect(try await count(10) == 2)
            #expect(try await count(300) == 3)
            let exact = krakow.distanceKm(to: places[1])
            #expect(try await store.list(AnnouncementQuery(nearby: .init(center: krakow, radiusKm: exact))).count == 1)
        }
    }

    @Test(arguments: StoreBackend.all)
    func nearbyMatchesBruteForceAcrossDatelineAndPoles(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            var generator = SeededGenerator(seed: 42)
            var all: [Announcement] = []
            for _ in 0..<300 {
                // Clustered at the ±180° meridian, near both poles, and anywhere.
                let lat = [
                    Double.random(in: -90...90, using: &generator), Double.random(in: 85...90, using: &generator),
                    Double.random(in: -90 ... -85, using: &generator), Double.random(in: -5...5, using: &generator),
                ]
                let lng = [
                    Double.random(in: -180...180, using: &generator), Double.random(in: 179...180, using: &generator),
                    Double.random(in: -180 ... -179, using: &generator),
                ]
                let point = Coordinate(latitude: lat.randomElement(using: &generator)!, longitude: lng.randomElement(using: &generator)!)
                let a = Announcement.mock(location: point, photoURL: "/images/p.png")
                all.append(a)
                try await store.create(a, passwordHash: "h")
            }
            let centers = [
                Coordinate(latitude: 0, longitude: 180), Coordinate(latitude: 1, longitude: -179.9),
                Coordinate(latitude: 89.9, longitude: 0), Coordinate(latitude: -89.5, longitude: 100),
                all[0].location, all[1].location,
            ]
            for center in centers {
                for radius in [1.0, 50, 300, 2000] {
                    let expected = Set(all.filter { center.distanceKm(to: $0.location) < radius }.map(\.id))
                    let found = Set(try await store.list(AnnouncementQuery(nearby: .init(center: center, radiusKm: radius))).map(\.id))
                    #expect(found == expected, "center \(center) radius \(radius)")
                }
            }
        }
    }

    @Test(arguments: StoreBackend.all)
    func updateSetPhotoAndDelete(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let a = Announcement.mock(photoURL: nil)
            try await store.create(a, passwordHash: "h")
            let later = a.createdAt + 60
            let updated = try await store.update(a.id, changes: .init(status: .closed, petName: .some(nil), reward: "100"), at: later)
            #expect(updated.status == .closed && updated.petName == nil && updated.reward == "100" && updated.updatedAt == later)
            #expect(try await store.find(a.id) == updated)

            #expect(try await store.photoFile(of: a.id, url: "/images/a.png") == nil)
            #expect(try await store.setPhoto(a.id, url: "/images/a.png", file: "a.1.png", at: later) == nil)
            #expect(try await store.photoFile(of: a.id, url: "/images/a.png") == "a.1.png")
            // A replacement of the same type gets a new file; the old one is handed back for deletion.
            #expect(try await store.setPhoto(a.id, url: "/images/a.png", file: "a.2.png", at: later) == "a.1.png")
            #expect(try await store.setPhoto(a.id, url: "/images/a.jpeg", file: "a.3.jpeg", at: later) == "a.2.png")
            #expect(try await store.photoFile(of: a.id, url: "/images/a.png") == nil)
            #expect(try await store.photoFile(of: a.id, url: "/images/a.jpeg") == "a.3.jpeg")
            // `photos check` sees every file a row names: a report's, a sighting's, an older row's own
            // name; never a photo kept elsewhere (a URL of another site).
            let legacy = Announcement.mock(photoURL: "/images/old.png"), remote = Announcement.mock(photoURL: "https://example.com/x.jpg")
            for report in [legacy, remote] { try await store.create(report, passwordHash: "h") }
            let sighting = Sighting(reportID: a.id, seenAt: later, location: a.location, note: nil, createdAt: later)
            try await store.addSighting(sighting, photoFile: "sighting-s.1.jpeg", watcher: nil, noticeGap: 60)
            #expect(try await store.namedPhotoFiles().sorted() == ["a.3.jpeg", "old.png", "sighting-s.1.jpeg"])
            for report in [legacy, remote] { _ = try await store.delete(report.id) }

            let deleted = try await store.delete(a.id)
            #expect(deleted.announcement.photoURL == "/images/a.jpeg" && deleted.photoFile == "a.3.jpeg")
            #expect(try await store.photoFile(of: a.id, url: "/images/a.jpeg") == nil)
            #expect(try await store.count() == 0)
        }
    }

    @Test(arguments: StoreBackend.all)
    func usersAreUniqueByEmail(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let user = User(id: "u1", email: "a@b.co", passwordHash: "h", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
            try await store.create(user)
            #expect(try await store.find(email: "a@b.co") == user)
            #expect(try await store.find(email: "x@b.co") == nil)
            await #expect(throws: StoreError.conflict(field: "email")) {
                try await store.create(User(id: "u2", email: "a@b.co", passwordHash: "h", createdAt: Date()))
            }
        }
    }

    @Test(arguments: StoreBackend.all)
    func attemptsAreBudgetedWithinTheWindowRefundedAndPruned(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let report = AttemptBudget(scope: "announcement", subject: "r1", limit: 2)
            let client = AttemptBudget(scope: "client", subject: "c1", limit: 3)
            // An attempt older than the window does not count.
            #expect(try await store.reserveAttempt([report], id: "old", at: now - 1000, window: 900) == .granted)
            #expect(try await store.reserveAttempt([report, client], id: "a", at: now - 10, window: 900) == .granted)
            #expect(try await store.reserveAttempt([report, client], id: "b", at: now - 5, window: 900) == .granted)
            // Counting reads and records nothing: the same answer twice, and only the window's attempts.
            #expect(try await store.attemptCount(report, since: now - 900) == 2)
            #expect(try await store.attemptCount(report, since: now - 900) == 2)
            #expect(try await store.attemptCount(report, since: now - 2000) == 3)
            #expect(try await store.attemptCount(AttemptBudget(scope: "client", subject: "nobody", limit: 1), since: now - 900) == 0)
            // The report's budget is spent: refused until its older counted attempt leaves the window,
            // and nothing is recorded against the client.
            #expect(try await store.reserveAttempt([report, client], id: "c", at: now, window: 900) == .refused(until: now - 10 + 900))
            #expect(try await store.reserveAttempt([client], id: "d", at: now, window: 900) == .granted)
            #expect(try await store.reserveAttempt([client], id: "e", at: now, window: 900) == .refused(until: now - 10 + 900))
            // A right secret gives its attempt back, from every budget it was taken from.
            try await store.refundAttempt(id: "b")
            #expect(try await store.reserveAttempt([report, client], id: "f", at: now, window: 900) == .granted)
            try await store.prune(before: now - 7)
            #expect(try await store.reserveAttempt([report], id: "g", at: now, window: 900) == .granted)
            #expect(try await store.reserveAttempt([report], id: "h", at: now, window: 900) == .refused(until: now + 900))
        }
    }

    /// A budget with its own window counts over it, beside one that counts over the reservation's.
    @Test(arguments: StoreBackend.all)
    func aBudgetsOwnWindowIsItsCount(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let daily = AttemptBudget(scope: "announcement", subject: "r1", limit: 2, window: 86_400)
            let network = AttemptBudget(scope: "announcement-network", subject: "n1 r1", limit: 2)
            #expect(try await store.reserveAttempt([network, daily], id: "a", at: now - 3600, window: 900) == .granted)
            #expect(try await store.reserveAttempt([network, daily], id: "b", at: now - 10, window: 900) == .granted)
            // The network's window holds one of the two; the day's holds both, until the older is a day old.
            let fresh = AttemptBudget(scope: "announcement-network", subject: "n2 r1", limit: 2)
            #expect(try await store.reserveAttempt([fresh, daily], id: "c", at: now, window: 900) == .refused(until: now - 3600 + 86_400))
            #expect(try await store.reserveAttempt([network], id: "d", at: now, window: 900) == .granted)
        }
    }

    /// Many reservations at once never get more than the budget, on every backend.
    @Test(arguments: StoreBackend.all)
    func parallelReservationsNeverExceedTheBudget(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let now = Date()
            let budget = AttemptBudget(scope: "announcement", subject: "burst", limit: 10)
            let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<100 {
                    group.addTask { try await store.reserveAttempt([budget], id: "a\(index)", at: now, window: 900) == .granted }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(granted == 10)
        }
    }
}
